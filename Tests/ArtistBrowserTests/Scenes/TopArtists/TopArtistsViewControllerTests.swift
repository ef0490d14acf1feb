import Foundation
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct TopArtistsViewControllerTests {
  final class InteractorSpy: TopArtistsBusinessLogic {
    var fetchArtistsRequests: [TopArtists.FetchArtists.Request] = []
    var fetchNextPageCalled = false
    var changeSortCalled = false
    var selectedIndex: Int?

    func fetchArtists(request: TopArtists.FetchArtists.Request) async { fetchArtistsRequests.append(request) }
    func fetchNextPage(request: TopArtists.FetchNextPage.Request) async { fetchNextPageCalled = true }
    func changeSort(request: TopArtists.ChangeSort.Request) { changeSortCalled = true }
    func selectArtist(request: TopArtists.SelectArtist.Request) { selectedIndex = request.index }
    var showPreviewCalled = false
    var previewRequests: [Int] = []
    var fetchPreviewDetailsCalled = false
    func showPreview(request: TopArtists.ShowPreview.Request) {
      showPreviewCalled = true
      previewRequests.append(request.index)
    }
    func fetchPreviewDetails(request: TopArtists.ShowPreview.Request) async { fetchPreviewDetailsCalled = true }
    var selectedTagIndex: Int?
    func selectTag(request: TopArtists.SelectTag.Request) { selectedTagIndex = request.index }
    var exportDataCalled = false
    /// Stands in for the interactor → presenter → display round trip of an export.
    var onExport: (@MainActor () -> Void)?
    func exportData(request: TopArtists.ExportData.Request) {
      exportDataCalled = true
      onExport?()
    }
  }

  final class RouterSpy: TopArtistsRoutingLogic, TopArtistsDataPassing {
    var dataStore: (any TopArtistsDataStore)?
    var routeToArtistDetailCalled = false
    var routeToSearchCalled = false
    func routeToArtistDetail() { routeToArtistDetailCalled = true }
    func routeToSearch() { routeToSearchCalled = true }
    var routeToTagCalled = false
    func routeToTag() { routeToTagCalled = true }
  }

  func makeSUT() -> (TopArtistsViewController, InteractorSpy, RouterSpy) {
    let sut = TopArtistsViewController(runtime: SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil))
    let interactor = InteractorSpy()
    let router = RouterSpy()
    sut.interactor = interactor
    sut.router = router
    return (sut, interactor, router)
  }

  static func viewModel(rows count: Int, hasMore: Bool = false) -> TopArtists.FetchArtists.ViewModel {
    .init(
      title: "Top artists", sortLabel: "sort: rank",
      rows: (1...count).map { .init(rank: "\($0).", name: "Artist \($0)", listeners: "\($0)K listeners") },
      hasMore: hasMore, emptyMessage: nil, status: StatusLine(source: .lastFM))
  }

  @Test func rendersTitleRowsAndSelectionMarker() {
    let (sut, _, _) = makeSUT()
    sut.displayArtists(viewModel: Self.viewModel(rows: 2))
    let lines = sut.render(width: 50, height: 6)
    #expect(lines.count == 6)
    #expect(lines.allSatisfy { $0.count == 50 })
    #expect(lines[0].hasPrefix("Top artists · sort: rank "))
    // The name column gives way so the listeners still fit.
    #expect(lines[2] == ">   1. " + "Artist 1".padding(toLength: 29, withPad: " ", startingAt: 0) + "  1K listeners")
    #expect(lines[3].hasPrefix("    2. Artist 2"))
    #expect(lines[4].trimmingCharacters(in: .whitespaces) == "")
    #expect(lines[5].hasPrefix("j/k move"))
  }

  @Test func keysMoveTheSelection() {
    let (sut, _, _) = makeSUT()
    sut.displayArtists(viewModel: Self.viewModel(rows: 10))
    #expect(sut.handle(.character("j")))
    #expect(sut.handle(.down))
    #expect(sut.viewport.selection == 2)
    #expect(sut.handle(.character("k")))
    #expect(sut.viewport.selection == 1)
    #expect(sut.handle(.character("G")))
    #expect(sut.viewport.selection == 9)
    #expect(sut.handle(.character("g")))
    #expect(sut.viewport.selection == 0)
    #expect(sut.handle(.up))
    #expect(sut.viewport.selection == 0)
  }

  @Test func pageDownMovesByAScreenAndScrolls() {
    let (sut, _, _) = makeSUT()
    sut.displayArtists(viewModel: Self.viewModel(rows: 20))
    _ = sut.render(width: 40, height: 8)  // 5 list rows visible
    _ = sut.handle(.pageDown)
    #expect(sut.viewport.selection == 4)
    _ = sut.handle(.pageDown)
    #expect(sut.viewport.selection == 8)
    let lines = sut.render(width: 40, height: 8)
    #expect(lines[2].hasPrefix("    5. Artist 5"))
    #expect(lines[6].hasPrefix(">   9. Artist 9"))
  }

  @Test func nearingTheEndLoadsTheNextPage() async {
    let (sut, interactor, _) = makeSUT()
    sut.displayArtists(viewModel: Self.viewModel(rows: 20, hasMore: true))
    _ = sut.handle(.character("j"))
    await sut.waitForLoad()
    #expect(!interactor.fetchNextPageCalled)
    _ = sut.handle(.character("G"))
    await sut.waitForLoad()
    #expect(interactor.fetchNextPageCalled)
  }

  @Test func noNextPageWhenThereIsNone() async {
    let (sut, interactor, _) = makeSUT()
    sut.displayArtists(viewModel: Self.viewModel(rows: 20, hasMore: false))
    _ = sut.handle(.character("G"))
    await sut.waitForLoad()
    #expect(!interactor.fetchNextPageCalled)
  }

  @Test func enterSelectsAndRoutes() {
    let (sut, interactor, router) = makeSUT()
    sut.displayArtists(viewModel: Self.viewModel(rows: 5))
    _ = sut.handle(.character("j"))
    _ = sut.handle(.enter)
    #expect(interactor.selectedIndex == 1)
    #expect(router.routeToArtistDetailCalled)
  }

  @Test func startRefreshSortAndSearchKeys() async {
    let (sut, interactor, router) = makeSUT()
    sut.start()
    await sut.waitForLoad()
    _ = sut.handle(.character("r"))
    await sut.waitForLoad()
    #expect(interactor.fetchArtistsRequests.map(\.refresh) == [false, true])
    _ = sut.handle(.character("s"))
    #expect(interactor.changeSortCalled)
    _ = sut.handle(.character("/"))
    #expect(router.routeToSearchCalled)
    #expect(!sut.handle(.character("q")))
  }

  @Test func anErrorIsShownInPlaceOfTheList() {
    let (sut, _, _) = makeSUT()
    var viewModel = Self.viewModel(rows: 1)
    viewModel.rows = []
    viewModel.emptyMessage = "Offline and not cached yet. Press r to retry when online."
    sut.displayArtists(viewModel: viewModel)
    let lines = sut.render(width: 80, height: 5)
    #expect(lines[2].hasPrefix("Offline and not cached yet."))
    #expect(
      sut.plainLines() == ["Top artists · sort: rank", "Offline and not cached yet. Press r to retry when online."])
  }

  @Test func plainOutput() {
    let (sut, _, _) = makeSUT()
    sut.displayArtists(viewModel: Self.viewModel(rows: 2))
    #expect(
      sut.plainLines() == ["Top artists · sort: rank", "  1. Artist 1 — 1K listeners", "  2. Artist 2 — 2K listeners"])
  }

  @Test func jsonAsksTheInteractorForTheDataAndEncodesWhatComesBack() throws {
    let (sut, interactor, _) = makeSUT()
    sut.displayArtists(viewModel: Self.viewModel(rows: 2))
    let exported = TopArtists.ExportData.ViewModel(
      source: .lastFM, stale: true,
      content: .init(
        sort: .name, hasMore: false,
        artists: [ExportedData.Artist(ArtistSummary(rank: 7, name: "Cher", listeners: 3_612_345))]))
    interactor.onExport = { sut.displayExportedData(viewModel: exported) }
    let json = String(decoding: try sut.jsonSnapshot(), as: UTF8.self)
    #expect(interactor.exportDataCalled)
    #expect(
      json == """
        {
          "artists" : [
            {
              "listeners" : 3612345,
              "name" : "Cher",
              "rank" : 7
            }
          ],
          "hasMore" : false,
          "scene" : "chart",
          "sort" : "name",
          "source" : "lastFM",
          "stale" : true
        }
        """)
  }

  @Test func jsonWithNothingLoadedThrows() {
    let (sut, interactor, _) = makeSUT()
    #expect(throws: NothingLoadedToExport.self) { try sut.jsonSnapshot() }
    #expect(interactor.exportDataCalled)
  }
}
