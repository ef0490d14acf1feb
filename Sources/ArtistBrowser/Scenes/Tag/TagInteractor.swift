@MainActor
protocol TagBusinessLogic: ExportDataBusinessLogic {
  func fetchTag(request: TagPage.FetchTag.Request) async
  func fetchNextPage(request: TagPage.FetchNextPage.Request) async
  func switchList(request: TagPage.SwitchList.Request)
  func changeSort(request: TagPage.ChangeSort.Request)
  func selectItem(request: TagPage.SelectItem.Request)
}

@MainActor
protocol TagDataStore: AnyObject {
  /// Set by whoever opens the scene (the command line, `T` on an artist).
  var tagName: String { get set }
  var selectedItem: ListeningItem? { get }
}

final class TagInteractor:
  SceneInteractor<any TagPresentationLogic, any TagWorking>, TagBusinessLogic, TagDataStore
{
  /// One list's pages so far.
  struct Loaded {
    var items: [ListeningItem] = []
    var pages = 0
    var totalPages = 1
    var error: StoreError?
    var provenance: (source: DataSource, isStale: Bool)?

    var hasMore: Bool { pages > 0 && pages < totalPages }
  }

  var tagName = ""
  private(set) var selectedItem: ListeningItem?
  private(set) var list = TagPage.List.artists
  /// Both lists' order (`s`): the tag's charts carry ranks and names, no play counts.
  private(set) var sort = ListingSortOrder.rank
  static let sortOrders: [ListingSortOrder] = [.rank, .name]
  private var info: TagSummary?
  private var infoError: StoreError?
  private var infoProvenance: (source: DataSource, isStale: Bool)?
  private var loaded: [TagPage.List: Loaded] = [:]

  func fetchTag(request: TagPage.FetchTag.Request) async {
    let policy: CachePolicy = request.refresh ? .reload : .useCache
    let (tag, worker) = (tagName, worker)
    async let infoCall = worker.fetchInfo(tag: tag, policy: policy)
    async let artistsCall = Self.firstPage(.artists, tag: tag, worker: worker, policy: policy)
    async let albumsCall = Self.firstPage(.albums, tag: tag, worker: worker, policy: policy)
    do {
      let result = try await infoCall
      (info, infoError, infoProvenance) = (result.value, nil, (result.source, result.isStale))
    } catch {
      (info, infoError, infoProvenance) = (nil, StoreError(error), nil)
    }
    loaded = [.artists: await artistsCall, .albums: await albumsCall]
    if sort != .rank { sortLoaded() }
    present()
  }

  func fetchNextPage(request: TagPage.FetchNextPage.Request) async {
    guard var current = loaded[list], current.hasMore, current.error == nil else { return }
    let shown = list
    do {
      let result = try await worker.fetchList(shown, tag: tagName, page: current.pages + 1, policy: .useCache)
      current.pages += 1
      current.totalPages = result.value.totalPages
      current.items = ListingSorting.sorted(current.items + result.value.items, by: sort)
      current.provenance = (result.source, result.isStale)
    } catch {
      current.error = StoreError(error)
    }
    loaded[shown] = current
    present()
  }

  func switchList(request: TagPage.SwitchList.Request) {
    list = request.list ?? list.next
    present()
  }

  func changeSort(request: TagPage.ChangeSort.Request) {
    sort = request.order ?? sort.next(among: Self.sortOrders)
    sortLoaded()
    present()
  }

  private func sortLoaded() {
    for (list, shown) in loaded { loaded[list]?.items = ListingSorting.sorted(shown.items, by: sort) }
  }

  func selectItem(request: TagPage.SelectItem.Request) {
    selectedItem = request.row(in: loaded[list]?.items ?? [])
  }

  func exportData(request: TagPage.ExportData.Request) {
    guard info != nil else { return }
    presenter?.presentExportedData(response: response())
  }

  private static func firstPage(_ list: TagPage.List, tag: String, worker: any TagWorking, policy: CachePolicy)
    async -> Loaded
  {
    do {
      let result = try await worker.fetchList(list, tag: tag, page: 1, policy: policy)
      return Loaded(
        items: result.value.items, pages: 1, totalPages: result.value.totalPages,
        provenance: (result.source, result.isStale))
    } catch {
      return Loaded(error: StoreError(error))
    }
  }

  private func present() {
    presenter?.presentTag(response: response())
  }

  private func response() -> TagPage.FetchTag.Response {
    let shown = loaded[list] ?? Loaded()
    let provenances = [infoProvenance, loaded[.artists]?.provenance, loaded[.albums]?.provenance].compactMap { $0 }
    return .init(
      tagName: tagName, info: info, infoError: infoError, list: list, sort: sort,
      artists: loaded[.artists]?.items ?? [],
      albums: loaded[.albums]?.items ?? [], hasMore: shown.hasMore, source: provenances.first?.source,
      isStale: provenances.contains { $0.isStale }, artistsError: loaded[.artists]?.error,
      albumsError: loaded[.albums]?.error)
  }
}
