import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct TagRouterTests {
  final class DataStoreFake: TagDataStore {
    var tagName = "pop"
    var selectedItem: ListeningItem?
  }

  func makeSUT() -> (TagRouter, NavigatorSpy, DataStoreFake) {
    let navigator = NavigatorSpy()
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: navigator)
    let sut = TagRouter(factory: factory, navigator: navigator)
    let dataStore = DataStoreFake()
    sut.dataStore = dataStore
    return (sut, navigator, dataStore)
  }

  @Test func anArtistRowOpensTheArtistsPage() {
    // Given an artist selected
    let (sut, navigator, source) = makeSUT()
    source.selectedItem = ListeningItem(kind: .artist, rank: 1, name: "Cher", artist: "Cher")
    // When routed
    sut.routeToSelection()
    // Then
    #expect((navigator.pushed.first as? ArtistDetailViewController)?.router?.dataStore?.artistName == "Cher")
  }

  @Test func anAlbumRowOpensTheAlbumsPage() {
    let (sut, navigator, source) = makeSUT()
    source.selectedItem = ListeningItem(kind: .album, rank: 1, name: "Believe", artist: "Cher", album: "Believe")
    sut.routeToSelection()
    let destination = (navigator.pushed.first as? AlbumDetailViewController)?.router?.dataStore
    #expect(destination?.artistName == "Cher")
    #expect(destination?.albumName == "Believe")
  }

  @Test func routeBackPops() {
    let (sut, navigator, _) = makeSUT()
    sut.routeBack()
    #expect(navigator.popCalled)
  }
}
