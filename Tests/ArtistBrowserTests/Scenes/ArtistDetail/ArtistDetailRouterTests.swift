import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct ArtistDetailRouterTests {
  final class DataStoreFake: ArtistDetailDataStore {
    var artistName = "cher"
    var details: ArtistDetails? = Seeds.cherDetails
    var albums: [AlbumSummary] = [Seeds.believe]
    var selectedAlbum: AlbumSummary?
    var selectedTag: String?
  }

  func makeSUT() -> (ArtistDetailRouter, NavigatorSpy, DataStoreFake) {
    let navigator = NavigatorSpy()
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: navigator)
    let sut = ArtistDetailRouter(factory: factory, navigator: navigator)
    let dataStore = DataStoreFake()
    sut.dataStore = dataStore
    return (sut, navigator, dataStore)
  }

  @Test func routeToAlbumDetailPassesArtistAndAlbum() {
    let (sut, navigator, source) = makeSUT()
    source.selectedAlbum = Seeds.believe
    sut.routeToAlbumDetail()
    let destination = (navigator.pushed.first as? AlbumDetailViewController)?.router?.dataStore
    #expect(destination?.artistName == "Cher")
    #expect(destination?.albumName == "Believe")
  }

  @Test func routeToSimilarArtistsPassesTheArtistsCanonicalName() {
    let (sut, navigator, _) = makeSUT()
    sut.routeToSimilarArtists()
    let destination = (navigator.pushed.first as? SimilarArtistsViewController)?.router?.dataStore
    #expect(destination?.artistName == "Cher")
  }

  @Test func noAlbumSelectedNavigatesNowhere() {
    let (sut, navigator, _) = makeSUT()
    sut.routeToAlbumDetail()
    #expect(navigator.pushed.isEmpty)
  }

  @Test func routeBackPops() {
    let (sut, navigator, _) = makeSUT()
    sut.routeBack()
    #expect(navigator.popCalled)
  }
}
