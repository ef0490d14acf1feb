import Foundation
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct SimilarArtistsViewControllerTests {
  final class InteractorSpy: SimilarArtistsBusinessLogic {
    var selectedIndex: Int?
    func fetchSimilar(request: SimilarArtists.FetchSimilar.Request) async {}
    func selectArtist(request: SimilarArtists.SelectArtist.Request) { selectedIndex = request.index }
    var exportDataCalled = false
    func exportData(request: SimilarArtists.ExportData.Request) { exportDataCalled = true }
  }

  final class RouterSpy: SimilarArtistsRoutingLogic, SimilarArtistsDataPassing {
    var dataStore: (any SimilarArtistsDataStore)?
    var routeToArtistDetailCalled = false
    func routeToArtistDetail() { routeToArtistDetailCalled = true }
    func routeBack() {}
  }

  @Test func rendersMatchesAndOpensTheSelection() {
    let sut = SimilarArtistsViewController(runtime: SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil))
    let interactor = InteractorSpy()
    let router = RouterSpy()
    sut.interactor = interactor
    sut.router = router
    sut.displaySimilar(
      viewModel: .init(
        title: "Similar to Cher",
        rows: [.init(name: "Kylie Minogue", match: "100%"), .init(name: "Madonna", match: "87%")],
        emptyMessage: nil, status: StatusLine(source: .lastFM)))
    _ = sut.handle(.down)
    let lines = sut.render(width: 30, height: 5)
    #expect(lines[2] == "  100%  Kylie Minogue".padding(toLength: 30, withPad: " ", startingAt: 0))
    #expect(lines[3] == ">  87%  Madonna".padding(toLength: 30, withPad: " ", startingAt: 0))
    _ = sut.handle(.enter)
    #expect(interactor.selectedIndex == 1)
    #expect(router.routeToArtistDetailCalled)
    #expect(sut.plainLines() == ["Similar to Cher", "100% Kylie Minogue", " 87% Madonna"])
  }
}
