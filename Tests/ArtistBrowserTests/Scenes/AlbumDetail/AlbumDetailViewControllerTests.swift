import Foundation
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct AlbumDetailViewControllerTests {
  final class RouterSpy: AlbumDetailRoutingLogic, AlbumDetailDataPassing {
    var dataStore: (any AlbumDetailDataStore)?
    var routeBackCalled = false
    func routeBack() { routeBackCalled = true }
  }

  @Test func wiredSceneLoadsAndRendersTracks() async {
    // Given the album scene opened the way the router opens it
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: NavigatorSpy())
    let sut = factory.makeAlbumDetail(artist: "cher", album: "believe")
    // When
    sut.start()
    await sut.waitForLoad()
    // Then
    let lines = sut.render(width: 60, height: 8).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines[0] == "Believe — Cher")
    #expect(lines[1] == "3 tracks · total 1:05:48 · 456.8K listeners")
    #expect(lines[3].hasPrefix(">   1. Believe"))
    #expect(lines[3].hasSuffix("3:45"))
    #expect(lines[5].hasSuffix("–"))
    #expect(sut.status.text == "Last.fm")
    #expect(
      sut.plainLines() == [
        "Believe — Cher", "3 tracks · total 1:05:48 · 456.8K listeners", "  1. Believe (3:45)",
        "  2. The Power (1:02:03)", "  3. Runaway (–)",
      ])
  }

  @Test func backRoutesBack() {
    let sut = AlbumDetailViewController(runtime: SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil))
    let router = RouterSpy()
    sut.router = router
    #expect(sut.handle(.backspace))
    #expect(router.routeBackCalled)
  }
}
