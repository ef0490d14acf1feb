import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct SearchRouterTests {
  final class DataStoreFake: SearchDataStore {
    var query = "ch"
    var results: [ArtistSummary] = [Seeds.cher]
    var selectedArtist: ArtistSummary?
  }

  @Test func passesTheSelectedResultToArtistDetail() {
    let navigator = NavigatorSpy()
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: navigator)
    let sut = SearchRouter(factory: factory, navigator: navigator)
    let source = DataStoreFake()
    sut.dataStore = source
    sut.routeToArtistDetail()
    #expect(navigator.pushed.isEmpty)
    source.selectedArtist = Seeds.cher
    sut.routeToArtistDetail()
    #expect((navigator.pushed.first as? ArtistDetailViewController)?.router?.dataStore?.artistName == "Cher")
  }
}
