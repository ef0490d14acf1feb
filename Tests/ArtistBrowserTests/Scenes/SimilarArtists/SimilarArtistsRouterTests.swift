import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct SimilarArtistsRouterTests {
  final class DataStoreFake: SimilarArtistsDataStore {
    var artistName = "Cher"
    var similar: [SimilarArtist] = Seeds.similarToCher
    var selectedArtist: SimilarArtist?
  }

  @Test func routeToArtistDetailPassesTheSelectedArtist() {
    let navigator = NavigatorSpy()
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: navigator)
    let sut = SimilarArtistsRouter(factory: factory, navigator: navigator)
    let source = DataStoreFake()
    source.selectedArtist = Seeds.similarToCher[0]
    sut.dataStore = source
    sut.routeToArtistDetail()
    let destination = (navigator.pushed.first as? ArtistDetailViewController)?.router?.dataStore
    #expect(destination?.artistName == "Madonna")
    sut.routeBack()
    #expect(navigator.popCalled)
  }
}
