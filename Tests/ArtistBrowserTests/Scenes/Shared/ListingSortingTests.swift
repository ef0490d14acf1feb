import Foundation
import Testing

@_spi(Benchmarks) @testable import ArtistBrowser

/// `s` on the listener's charts and the tag's lists: rank, name and plays, each tie broken by rank.
@Suite struct ListingSortingTests {
  static let rows = [
    ListeningItem(kind: .artist, rank: 1, name: "zeta", artist: "zeta", playCount: 10),
    ListeningItem(kind: .artist, rank: 2, name: "Alpha", artist: "Alpha", playCount: 30),
    ListeningItem(kind: .artist, rank: 3, name: "alpha", artist: "alpha", playCount: 30),
    ListeningItem(kind: .artist, rank: 4, name: "Émile", artist: "Émile"),
  ]

  @Test func eachOrderBreaksTiesByRank() {
    let shuffled = [Self.rows[2], Self.rows[0], Self.rows[3], Self.rows[1]]
    #expect(ListingSorting.sorted(shuffled, by: .rank).map(\.rank) == [1, 2, 3, 4])
    #expect(ListingSorting.sorted(shuffled, by: .name).map(\.rank) == [2, 3, 1, 4], "case-insensitive, by scalar")
    #expect(ListingSorting.sorted(shuffled, by: .plays).map(\.rank) == [2, 3, 1, 4], "no count sorts last")
  }

  @Test func theOrdersCycleAmongThoseAList() {
    #expect(ListingSortOrder.rank.next() == .name)
    #expect(ListingSortOrder.plays.next() == .rank)
    #expect(ListingSortOrder.name.next(among: [.rank, .name]) == .rank)
    #expect(ListingSortOrder.rank.label.isEmpty && ListingSortOrder.plays.label == "by plays")
  }
}

/// The listener's and the tag's scenes sort with `s` (interactors) and say so in the list's title (presenters).
@MainActor
@Suite struct ListeningSortSceneTests {
  final class ListenerPresenterSpy: ListenerPresentationLogic {
    var presentListenerCalled = false
    var response: Listener.FetchListener.Response?
    func presentListener(response: Listener.FetchListener.Response) {
      presentListenerCalled = true
      self.response = response
    }
    func presentEveryList(response: Listener.FetchEveryList.Response) {}
    func presentExportedData(response: Listener.ExportData.Response) {}
    func presentOpenItem(response: Listener.OpenItem.Response) {}
  }

  final class ListenerWorkerStub: ListenerWorking {
    func fetchProfile(user: String, policy: CachePolicy) async throws -> StoreResult<ListenerSummary> {
      StoreResult(ListenerSummary(name: user), source: .demoCatalog)
    }
    func fetchList(_ list: Listener.List, user: String, period: ListeningPeriod, page: Int, policy: CachePolicy)
      async throws -> StoreResult<Page<ListeningItem>>
    {
      StoreResult(Page(items: ListingSortingTests.rows, number: 1, totalPages: 1), source: .demoCatalog)
    }
    func fetchTrackAlbum(artist: String, track: String) async throws -> StoreResult<TrackAlbum?> {
      StoreResult(nil, source: .demoCatalog)
    }
  }

  @Test func theListenersChartsSortAndKeepTheOrderAcrossPeriods() async {
    // Given the listener's top artists
    let sut = ListenerInteractor(worker: ListenerWorkerStub())
    let presenter = ListenerPresenterSpy()
    sut.presenter = presenter
    sut.userName = "nightjar_radio"
    await sut.switchList(request: .init(list: .topArtists))
    // When s is pressed twice (name, then plays), then p
    sut.changeSort(request: .init(order: nil))
    #expect(presenter.response?.items.map(\.rank) == [2, 3, 1, 4])
    sut.changeSort(request: .init(order: nil))
    await sut.changePeriod(request: .init(period: nil))
    // Then the new period's chart comes sorted by plays
    #expect(presenter.response?.sort == .plays)
    #expect(presenter.response?.items.map(\.rank) == [2, 3, 1, 4])
  }

  @Test func recentTracksIgnoreS() async {
    let sut = ListenerInteractor(worker: ListenerWorkerStub())
    let presenter = ListenerPresenterSpy()
    sut.presenter = presenter
    await sut.switchList(request: .init(list: .recent))
    presenter.presentListenerCalled = false
    sut.changeSort(request: .init(order: .name))
    #expect(!presenter.presentListenerCalled)
    #expect(sut.sort == .rank)
  }

  @Test func theListenersTitleSaysTheOrderOfACharOnly() {
    final class DisplaySpy: ListenerDisplayLogic {
      var viewModel: Listener.FetchListener.ViewModel?
      func displayListener(viewModel: Listener.FetchListener.ViewModel) { self.viewModel = viewModel }
      func displayEveryList(viewModel: Listener.FetchEveryList.ViewModel) {}
      func displayExportedData(viewModel: Listener.ExportData.ViewModel) {}
      func displayOpenItem(viewModel: Listener.OpenItem.ViewModel) {}
    }
    func title(_ list: Listener.List, _ sort: ListingSortOrder) -> String? {
      let sut = ListenerPresenter()
      let spy = DisplaySpy()
      sut.viewController = spy
      sut.presentListener(
        response: .init(
          userName: "u", profile: ListenerSummary(name: "u"), list: list, period: .month, sort: sort, items: [],
          hasMore: false, isStale: false, now: Date(timeIntervalSince1970: 0)))
      return spy.viewModel?.listTitle
    }
    #expect(title(.topAlbums, .rank) == "Top albums · last month")
    #expect(title(.topAlbums, .plays) == "Top albums · last month · by plays")
    #expect(title(.loved, .name) == "Loved tracks")
  }

  final class TagPresenterSpy: TagPresentationLogic {
    var response: TagPage.FetchTag.Response?
    func presentTag(response: TagPage.FetchTag.Response) { self.response = response }
    func presentExportedData(response: TagPage.ExportData.Response) {}
  }

  final class TagWorkerStub: TagWorking {
    func fetchInfo(tag: String, policy: CachePolicy) async throws -> StoreResult<TagSummary> {
      StoreResult(TagSummary(name: tag), source: .demoCatalog)
    }
    func fetchList(_ list: TagPage.List, tag: String, page: Int, policy: CachePolicy) async throws
      -> StoreResult<Page<ListeningItem>>
    {
      StoreResult(Page(items: ListingSortingTests.rows, number: 1, totalPages: 1), source: .demoCatalog)
    }
  }

  @Test func theTagsListsSortByNameAndBackToRank() async {
    // Given a loaded tag
    let sut = TagInteractor(worker: TagWorkerStub())
    let presenter = TagPresenterSpy()
    sut.presenter = presenter
    sut.tagName = "shoegaze"
    await sut.fetchTag(request: .init())
    // When s is pressed: both lists by name; again: back to rank (a tag's charts have no plays)
    sut.changeSort(request: .init(order: nil))
    #expect(presenter.response?.sort == .name)
    #expect(presenter.response?.artists.map(\.rank) == [2, 3, 1, 4])
    #expect(presenter.response?.albums.map(\.rank) == [2, 3, 1, 4])
    sut.changeSort(request: .init(order: nil))
    #expect(presenter.response?.sort == .rank)
    #expect(presenter.response?.artists.map(\.rank) == [1, 2, 3, 4])
  }

  @Test func theTagsTabsSayTheOrder() {
    final class DisplaySpy: TagDisplayLogic {
      var viewModel: TagPage.FetchTag.ViewModel?
      func displayTag(viewModel: TagPage.FetchTag.ViewModel) { self.viewModel = viewModel }
      func displayExportedData(viewModel: TagPage.ExportData.ViewModel) {}
    }
    func tabs(_ sort: ListingSortOrder) -> String? {
      let sut = TagPresenter()
      let spy = DisplaySpy()
      sut.viewController = spy
      sut.presentTag(
        response: .init(
          tagName: "t", info: TagSummary(name: "t"), list: .albums, sort: sort, artists: [], albums: [],
          hasMore: false, isStale: false))
      return spy.viewModel?.tabs
    }
    #expect(tabs(.rank) == "Top artists [Top albums]")
    #expect(tabs(.name) == "Top artists [Top albums] · by name")
  }
}
