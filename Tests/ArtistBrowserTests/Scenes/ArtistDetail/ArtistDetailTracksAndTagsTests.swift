import Testing

@testable import ArtistBrowser

/// The artist page's top tracks (`Tab`) and tags (`T`), through the same spies as the page's other tests.
@MainActor
@Suite struct ArtistDetailTracksAndTagsTests {
  typealias InteractorSpy = ArtistDetailViewControllerTests.InteractorSpy
  typealias RouterSpy = ArtistDetailViewControllerTests.RouterSpy

  static let viewModel = ArtistDetail.FetchArtist.ViewModel(
    name: "Cher", listeners: "1.2M listeners", playCount: "45.7M plays", tags: "pop, dance, 80s", bio: "",
    imageURL: nil, albums: [.init(rank: "1.", name: "Believe", playCount: "2.3M plays")], albumsMessage: nil,
    errorMessage: nil, status: StatusLine(source: .demoCatalog),
    tracks: [.init(rank: "1.", name: "Believe", playCount: "3.1M plays", listeners: "812K listeners")],
    tracksMessage: nil, tagNames: ["pop", "dance", "80s"])

  func makeSUT(_ viewModel: ArtistDetail.FetchArtist.ViewModel = viewModel)
    -> (ArtistDetailViewController, InteractorSpy, RouterSpy)
  {
    let sut = ArtistDetailViewController(runtime: SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil))
    let (interactor, router) = (InteractorSpy(), RouterSpy())
    sut.interactor = interactor
    sut.router = router
    sut.displayArtist(viewModel: viewModel)
    return (sut, interactor, router)
  }

  @Test func tabShowsTheTopTracksWithPlaysAndListeners() async {
    // Given the artist page on its albums
    let (sut, interactor, router) = makeSUT()
    // When Tab is pressed
    #expect(sut.handle(.tab))
    // Then the list holds the tracks, and Enter on one asks the interactor for its album (the router waits)
    let lines = sut.render(width: 80, height: 10).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains("Top tracks"))
    #expect(lines.contains("1. Believe                                   3.1M plays · 812K listeners"))
    _ = sut.handle(.character("j"))
    _ = sut.handle(.enter)
    await sut.waitForLoad()
    #expect(interactor.openedTrackIndex == 0)
    #expect(!router.routeToAlbumDetailCalled)
    #expect(sut.plainLines().suffix(2) == ["Top tracks:", "  1. Believe — 3.1M plays · 812K listeners"])
  }

  @Test func aTopTracksAlbumOpensAndWithoutOneANoteStaysUntilTheNextKey() {
    // Given the page on its top tracks
    let (sut, _, router) = makeSUT()
    _ = sut.handle(.tab)
    // When the interactor found no album
    sut.displayOpenTrack(viewModel: .init(opensAlbum: false, note: "No album known for “Believe”; showing the artist."))
    // Then the page stays and the status line says why, until the next key
    #expect(!router.routeToAlbumDetailCalled)
    #expect(sut.status.error == "No album known for “Believe”; showing the artist.")
    _ = sut.handle(.character("j"))
    #expect(sut.status.error == nil)
    // When it found one, the album opens
    sut.displayOpenTrack(viewModel: .init(opensAlbum: true, note: nil))
    #expect(router.routeToAlbumDetailCalled)
  }

  @Test func tOffersTheTagsByNumberAndOpensThePickedOne() {
    // Given an artist with three tags
    let (sut, interactor, router) = makeSUT()
    // When T then 2 are pressed
    _ = sut.handle(.character("T"))
    let footer = sut.render(width: 80, height: 8).map { $0.trimmingCharacters(in: .whitespaces) }.last
    _ = sut.handle(.character("2"))
    // Then the footer offered them, and the second one is opened
    #expect(footer == "tag: 1 pop · 2 dance · 3 80s · Esc cancels")
    #expect(interactor.selectedTagIndex == 1)
    #expect(router.routeToTagCalled)
  }

  @Test func tWithOneTagOpensItAndEscapeCancelsAnOffer() {
    // Given one tag: T opens it at once
    var single = Self.viewModel
    single.tagNames = ["pop"]
    let (sut, interactor, router) = makeSUT(single)
    _ = sut.handle(.character("T"))
    #expect(interactor.selectedTagIndex == 0)
    #expect(router.routeToTagCalled)
    // Given several: Escape ends the offer without opening one or going back
    let (other, _, otherRouter) = makeSUT()
    _ = other.handle(.character("T"))
    _ = other.handle(.escape)
    #expect(!otherRouter.routeToTagCalled)
    #expect(!otherRouter.routeBackCalled)
    #expect(!other.picksTag)
  }

  @Test func theInteractorLoadsTopTracksBesideAlbumsAndKeepsTheirErrorApart() async {
    // Given top tracks that fail
    let worker = ArtistDetailInteractorTests.WorkerSpy(
      details: .success(StoreResult(Seeds.cherDetails, source: .lastFM)),
      albums: .success(StoreResult([Seeds.believe], source: .lastFM)), tracks: .failure(.networkFailed(reason: "reset"))
    )
    let sut = ArtistDetailInteractor(worker: worker)
    let presenter = ArtistDetailInteractorTests.PresenterSpy()
    sut.presenter = presenter
    sut.artistName = "cher"
    // When the page loads
    await sut.fetchArtist(request: .init())
    // Then the artist and albums are there, and the tracks' error alone
    #expect(presenter.response?.albums == [Seeds.believe])
    #expect(presenter.response?.topTracksError == .networkFailed(reason: "reset"))
    #expect(presenter.response?.error == nil)
    // And a picked tag is remembered by its place among the artist's tags
    sut.selectTag(request: .init(index: 1))
    #expect(sut.selectedTag == Seeds.cherDetails.tags[1])
  }

  @Test func thePresenterFormatsRankPlaysAndListeners() {
    let sut = ArtistDetailPresenter()
    let spy = ArtistDetailPresenterTests.DisplaySpy()
    sut.viewController = spy
    sut.presentArtist(
      response: .init(
        artistName: "cher", details: Seeds.cherDetails, albums: [], albumsError: nil, source: .lastFM, isStale: false,
        error: nil,
        topTracks: [TrackChartEntry(rank: 1, name: "Believe", artist: "Cher", playCount: 3_100_000, listeners: 812_000)]
      ))
    #expect(
      spy.viewModel?.tracks == [
        .init(rank: "1.", name: "Believe", playCount: "3.1M plays", listeners: "812K listeners")
      ])
    #expect(spy.viewModel?.tagNames == ["pop", "dance", "80s"])
  }

  @Test func theRouterOpensThePickedTagsPage() {
    let navigator = NavigatorSpy()
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: navigator)
    let sut = ArtistDetailRouter(factory: factory, navigator: navigator)
    let source = ArtistDetailRouterTests.DataStoreFake()
    source.selectedTag = "dance"
    sut.dataStore = source
    sut.routeToTag()
    #expect((navigator.pushed.first as? TagViewController)?.router?.dataStore?.tagName == "dance")
  }
}
