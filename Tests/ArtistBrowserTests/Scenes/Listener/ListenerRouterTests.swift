import Testing

@_spi(Benchmarks) @testable import ArtistBrowser

@MainActor
@Suite struct ListenerRouterTests {
  final class DataStoreFake: ListenerDataStore {
    var userName = "nightjar_radio"
    var period = ListeningPeriod.week
    var items: [ListeningItem] = []
    var selectedItem: ListeningItem?
  }

  func makeSUT() -> (ListenerRouter, NavigatorSpy, DataStoreFake) {
    let navigator = NavigatorSpy()
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: navigator)
    let sut = ListenerRouter(factory: factory, navigator: navigator)
    let dataStore = DataStoreFake()
    sut.dataStore = dataStore
    return (sut, navigator, dataStore)
  }

  @Test func historyOpensTheListenersHistoryPage() {
    let (sut, navigator, _) = makeSUT()
    sut.routeToHistory()
    #expect((navigator.pushed.first as? HistoryViewController)?.router?.dataStore?.userName == "nightjar_radio")
  }

  @Test func aPlayedTrackOpensItsAlbum() {
    // Given a track with its album selected
    let (sut, navigator, source) = makeSUT()
    source.selectedItem = ListeningItem(kind: .track, name: "Strong Enough", artist: "Cher", album: "Believe")
    // When routed
    sut.routeToSelection()
    // Then the album page opens on that album
    let destination = (navigator.pushed.first as? AlbumDetailViewController)?.router?.dataStore
    #expect(destination?.artistName == "Cher")
    #expect(destination?.albumName == "Believe")
  }

  @Test func aTrackWithoutAlbumAndAnArtistOpenTheArtist() {
    // Given a loved track (no album) selected, then an artist
    let (sut, navigator, source) = makeSUT()
    source.selectedItem = ListeningItem(kind: .track, name: "Believe", artist: "Cher")
    sut.routeToSelection()
    source.selectedItem = ListeningItem(kind: .artist, name: "Madonna", artist: "Madonna")
    sut.routeToSelection()
    // Then both open artist pages
    let names = navigator.pushed.map { ($0 as? ArtistDetailViewController)?.router?.dataStore?.artistName }
    #expect(names == ["Cher", "Madonna"])
  }

  @Test func anAlbumOpensItsPage() {
    let (sut, navigator, source) = makeSUT()
    source.selectedItem = ListeningItem(kind: .album, name: "Believe", artist: "Cher", album: "Believe")
    sut.routeToSelection()
    #expect((navigator.pushed.first as? AlbumDetailViewController)?.router?.dataStore?.albumName == "Believe")
  }

  @Test func aNoteGoesOnTheStatusLineOverTheOpenedPage() {
    // Given a track that opens its artist, with the presenter's note
    let (sut, navigator, source) = makeSUT()
    source.selectedItem = ListeningItem(kind: .track, name: "Believe", artist: "Cher")
    // When routed with the note
    sut.routeToSelection(note: "No album known for \"Believe\"; showing the artist.")
    // Then the artist page opens and the note is set after the push (which clears messages)
    #expect((navigator.pushed.first as? ArtistDetailViewController)?.router?.dataStore?.artistName == "Cher")
    #expect(navigator.statuses.map(\.error) == ["No album known for \"Believe\"; showing the artist."])
  }

  @Test func noNoteLeavesTheStatusLineAlone() {
    let (sut, navigator, source) = makeSUT()
    source.selectedItem = ListeningItem(kind: .album, name: "Believe", artist: "Cher", album: "Believe")
    sut.routeToSelection(note: nil)
    #expect(navigator.statuses.isEmpty)
  }

  @Test func nothingSelectedNavigatesNowhere() {
    let (sut, navigator, _) = makeSUT()
    sut.routeToSelection()
    #expect(navigator.pushed.isEmpty)
  }

  @Test func routeBackPops() {
    let (sut, navigator, _) = makeSUT()
    sut.routeBack()
    #expect(navigator.popCalled)
  }
}
