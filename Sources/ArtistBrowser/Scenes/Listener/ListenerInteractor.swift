import FoundationEssentials
import LastFM

@MainActor
protocol ListenerBusinessLogic: ExportDataBusinessLogic {
  func fetchListener(request: Listener.FetchListener.Request) async
  func fetchEveryList(request: Listener.FetchEveryList.Request) async
  func fetchNextPage(request: Listener.FetchNextPage.Request) async
  func switchList(request: Listener.SwitchList.Request) async
  func changePeriod(request: Listener.ChangePeriod.Request) async
  func changeSort(request: Listener.ChangeSort.Request)
  func openItem(request: Listener.OpenItem.Request) async
}

@MainActor
protocol ListenerDataStore: AnyObject {
  /// Set by whoever opens the scene (the command line); empty: the scene asks for a name.
  var userName: String { get set }
  /// The charts' period; the command line may start elsewhere than a week.
  var period: ListeningPeriod { get set }
  var items: [ListeningItem] { get }
  var selectedItem: ListeningItem? { get }
}

final class ListenerInteractor:
  SceneInteractor<any ListenerPresentationLogic, any ListenerWorking>, ListenerBusinessLogic, ListenerDataStore
{
  /// What relative times are counted from (tests fix it).
  var clock: @MainActor () -> Date = { Date() }

  var userName = ""
  private(set) var items: [ListeningItem] = []
  private(set) var selectedItem: ListeningItem?
  private(set) var list = Listener.List.recent
  /// What people look at most: their week.
  var period = ListeningPeriod.week
  /// The charts' order (`s`); kept across lists and periods, as the chart keeps its own.
  private(set) var sort = ListingSortOrder.rank
  private var profile: ListenerSummary?
  private var profileError: StoreError?
  private var listError: StoreError?
  private var loadedPages = 0
  private var totalPages = 1
  /// Where the profile and the list came from, and whether they were served stale.
  private var profileSource: (DataSource, Bool)?
  private var listSource: (DataSource, Bool)?
  /// Which list load is the latest: an answer for a list or period left behind is dropped.
  private var generation = 0
  /// Every list's first page, once `fetchEveryList` loaded them (for printing).
  private var everyList: [Listener.FetchEveryList.Section] = []

  func fetchListener(request: Listener.FetchListener.Request) async {
    if let user = request.user { userName = user }
    let policy: CachePolicy = request.refresh ? .reload : .useCache
    let listLoad = Task { await self.loadFirstPage(policy: policy) }
    await loadProfile(policy: policy)
    await listLoad.value
    present()
  }

  /// One list after the other, the shown one restored after; what each could not load stays with it.
  func fetchEveryList(request: Listener.FetchEveryList.Request) async {
    await loadProfile(policy: .useCache)
    let shown = list
    var sections: [Listener.FetchEveryList.Section] = []
    var sources: [(DataSource, Bool)] = []
    for each in Listener.List.allCases {
      list = each
      await loadFirstPage(policy: .useCache)
      if let listSource { sources.append(listSource) }
      sections.append(
        .init(list: each, items: items, hasMore: loadedPages > 0 && loadedPages < totalPages, error: listError))
    }
    list = shown
    everyList = sections
    listSource = sources.first.map { ($0.0, sources.contains { $0.1 }) }
    presenter?.presentEveryList(response: everyListResponse())
  }

  private func loadProfile(policy: CachePolicy) async {
    do {
      let result = try await worker.fetchProfile(user: userName, policy: policy)
      profile = result.value
      profileError = nil
      profileSource = (result.source, result.isStale)
    } catch {
      profile = nil
      profileError = StoreError(error)
    }
  }

  func switchList(request: Listener.SwitchList.Request) async {
    list = request.list ?? list.next
    await loadFirstPage(policy: .useCache)
    present()
  }

  func changePeriod(request: Listener.ChangePeriod.Request) async {
    guard list.isChart else {
      var unchanged = response()
      unchanged.periodAskedOfAHistory = true
      return presenter?.presentListener(response: unchanged) ?? ()
    }
    period = request.period ?? period.next
    await loadFirstPage(policy: .useCache)
    present()
  }

  /// Re-sorts the loaded chart; recent and loved tracks keep their time order.
  func changeSort(request: Listener.ChangeSort.Request) {
    guard list.isChart else { return }
    sort = request.order ?? sort.next()
    items = ListingSorting.sorted(items, by: sort)
    present()
  }

  func fetchNextPage(request: Listener.FetchNextPage.Request) async {
    guard loadedPages > 0, loadedPages < totalPages, listError == nil else { return }
    let expected = generation
    do {
      let result = try await worker.fetchList(
        list, user: userName, period: period, page: loadedPages + 1, policy: .useCache)
      guard expected == generation else { return }
      loadedPages += 1
      totalPages = result.value.totalPages
      // The track playing now comes with page 1 only; a later page never repeats it.
      items = sortedIfChart(items + result.value.items.filter { !$0.isNowPlaying })
      listSource = (result.source, result.isStale)
    } catch {
      guard expected == generation else { return }
      listError = StoreError(error)
    }
    present()
  }

  /// A track that does not say its album (charts, loved tracks) asks `track.getInfo` first; the album found
  /// becomes the selection's destination. Without one (or when the lookup fails) the track opens its artist.
  func openItem(request: Listener.OpenItem.Request) async {
    guard var item = request.row(in: items) else { return }
    var response = Listener.OpenItem.Response(item: item)
    if item.kind == .track, item.album == nil {
      do {
        let result = try await worker.fetchTrackAlbum(artist: item.artist, track: item.name)
        if let album = result.value {
          item.album = album.name
          item.artist = album.artist
        } else {
          response.albumMissing = true
        }
      } catch {
        response.albumMissing = true
        response.lookupError = StoreError(error)
      }
      response.item = item
    }
    selectedItem = item
    presenter?.presentOpenItem(response: response)
  }

  func exportData(request: Listener.ExportData.Request) {
    guard profile != nil else { return }
    presenter?.presentExportedData(response: everyListResponse())
  }

  private func loadFirstPage(policy: CachePolicy) async {
    generation += 1
    let expected = generation
    items = []
    loadedPages = 0
    totalPages = 1
    listError = nil
    listSource = nil
    do {
      let result = try await worker.fetchList(list, user: userName, period: period, page: 1, policy: policy)
      guard expected == generation else { return }
      items = sortedIfChart(result.value.items)
      loadedPages = 1
      totalPages = result.value.totalPages
      listSource = (result.source, result.isStale)
    } catch {
      guard expected == generation else { return }
      listError = StoreError(error)
    }
  }

  private func present() {
    presenter?.presentListener(response: response())
  }

  private func sortedIfChart(_ rows: [ListeningItem]) -> [ListeningItem] {
    list.isChart && sort != .rank ? ListingSorting.sorted(rows, by: sort) : rows
  }

  /// Every list loaded, or the shown one when the page was loaded for the screen.
  private func everyListResponse() -> Listener.FetchEveryList.Response {
    let shown = Listener.FetchEveryList.Section(
      list: list, items: items, hasMore: loadedPages > 0 && loadedPages < totalPages, error: listError)
    return .init(
      userName: userName, profile: profile, profileError: profileError, period: period,
      sections: everyList.isEmpty ? [shown] : everyList, source: listSource?.0 ?? profileSource?.0,
      isStale: listSource?.1 == true || profileSource?.1 == true, now: clock())
  }

  private func response() -> Listener.FetchListener.Response {
    .init(
      userName: userName, profile: profile, profileError: profileError, list: list, period: period, sort: sort,
      items: items,
      hasMore: loadedPages > 0 && loadedPages < totalPages, source: listSource?.0 ?? profileSource?.0,
      isStale: listSource?.1 == true || profileSource?.1 == true, listError: listError,
      now: clock())
  }
}
