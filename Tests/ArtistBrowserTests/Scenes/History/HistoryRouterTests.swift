import ScrobbleArchive
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct HistoryRouterTests {
  final class DataStoreFake: HistoryDataStore {
    var userName = "ada"
    var selectedRange = ListeningRange.year(2019)
    var selectedRangeTitle = "2019"
    var selectedDestination: ListeningDestination?
  }

  func makeFactory(_ navigator: NavigatorSpy) -> SceneFactory {
    SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: navigator)
  }

  @Test func enterOpensTheRangesChartForTheSameListener() {
    let navigator = NavigatorSpy()
    let sut = HistoryRouter(factory: makeFactory(navigator), navigator: navigator, dataStore: DataStoreFake())
    sut.routeToRange()
    let destination = (navigator.pushed.first as? HistoryRangeViewController)?.router?.dataStore
    #expect(destination?.userName == "ada")
    #expect(destination?.range == .year(2019))
    #expect(destination?.rangeTitle == "2019")
  }

  @Test func aRangesAlbumOpensTheAlbumAndAnArtistTheArtist() {
    let navigator = NavigatorSpy()
    let interactor = HistoryRangeInteractor(worker: HistoryInteractorTests.WorkerSpy(days: []))
    let sut = HistoryRangeRouter(factory: makeFactory(navigator), navigator: navigator, dataStore: interactor)
    sut.routeToSelection()
    #expect(navigator.pushed.isEmpty, "nothing selected: nowhere to go")
  }

  @Test func aCoverOfTheWallOpensItsAlbumAndNothingSelectedGoesNowhere() {
    let navigator = NavigatorSpy()
    let store = DataStoreFake()
    let sut = HistoryRouter(factory: makeFactory(navigator), navigator: navigator, dataStore: store)
    sut.routeToAlbum()
    #expect(navigator.pushed.isEmpty)
    store.selectedDestination = .album(artist: "Cher", album: "Believe")
    sut.routeToAlbum()
    let album = (navigator.pushed.first as? AlbumDetailViewController)?.router?.dataStore
    #expect(album?.artistName == "Cher")
    #expect(album?.albumName == "Believe")
  }

  @Test func routeBackPops() {
    let navigator = NavigatorSpy()
    let sut = HistoryRouter(factory: makeFactory(navigator), navigator: navigator)
    sut.routeBack()
    #expect(navigator.popCalled)
  }
}

@MainActor
@Suite struct HistoryRangeInteractorTests {
  @Test func tabSwitchesListsAndEnterChoosesTheAlbumOrTheArtist() async throws {
    let navigator = NavigatorSpy()
    let sut = HistoryRangeInteractor(worker: HistoryInteractorTests.WorkerSpy(days: []))
    sut.userName = "ada"
    sut.range = .year(2019)
    await sut.fetchRange(request: .init())
    sut.selectItem(request: .init(index: 0))
    #expect(sut.selectedDestination == .album(artist: "Cher", album: "Believe"))
    sut.switchList(request: .init())
    sut.selectItem(request: .init(index: 0))
    #expect(sut.selectedDestination == .artist("Cher"))
    let router = HistoryRangeRouter(
      factory: SceneFactory(
        services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
        preferences: BrowserPreferences(), navigator: navigator),
      navigator: navigator, dataStore: sut)
    router.routeToSelection()
    #expect((navigator.pushed.first as? ArtistDetailViewController)?.router?.dataStore?.artistName == "Cher")
  }
}
