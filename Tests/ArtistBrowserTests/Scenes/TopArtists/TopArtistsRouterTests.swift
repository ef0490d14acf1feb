import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct TopArtistsRouterTests {
  final class DataStoreFake: TopArtistsDataStore {
    var artists: [ArtistSummary] = [Seeds.cher]
    var selectedArtist: ArtistSummary?
    var selectedTag: String?
  }

  func makeSUT() -> (TopArtistsRouter, NavigatorSpy, DataStoreFake, SceneFactory) {
    let navigator = NavigatorSpy()
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: navigator)
    let sut = TopArtistsRouter(factory: factory, navigator: navigator)
    let dataStore = DataStoreFake()
    sut.dataStore = dataStore
    return (sut, navigator, dataStore, factory)
  }

  @Test func passesTheSelectedArtistToArtistDetail() {
    let (sut, _, source, factory) = makeSUT()
    source.selectedArtist = Seeds.cher
    var destination: any ArtistDetailDataStore = factory.makeArtistDetail().router!.dataStore!
    sut.passDataToArtistDetail(source: source, destination: &destination)
    #expect(destination.artistName == "Cher")
  }

  @Test func routeToArtistDetailPushesAFilledScene() {
    let (sut, navigator, source, _) = makeSUT()
    source.selectedArtist = Seeds.cher
    sut.routeToArtistDetail()
    let pushed = navigator.pushed.first as? ArtistDetailViewController
    #expect(navigator.pushed.count == 1)
    #expect(pushed?.router?.dataStore?.artistName == "Cher")
  }

  @Test func nothingSelectedNavigatesNowhere() {
    let (sut, navigator, _, _) = makeSUT()
    sut.routeToArtistDetail()
    #expect(navigator.pushed.isEmpty)
  }

  @Test func routeToSearchPushesSearch() {
    let (sut, navigator, _, _) = makeSUT()
    sut.routeToSearch()
    #expect(navigator.pushed.first is SearchViewController)
  }
}
