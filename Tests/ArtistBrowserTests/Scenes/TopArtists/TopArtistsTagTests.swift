import Testing

@testable import ArtistBrowser

/// `T` in the chart's preview pane: one of the previewed artist's tags opens its page.
@MainActor
@Suite struct TopArtistsTagTests {
  typealias InteractorSpy = TopArtistsViewControllerTests.InteractorSpy
  typealias RouterSpy = TopArtistsViewControllerTests.RouterSpy

  func makeSUT(tags: [String]) -> (TopArtistsViewController, InteractorSpy, RouterSpy) {
    let sut = TopArtistsViewController(runtime: SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil))
    let (interactor, router) = (InteractorSpy(), RouterSpy())
    sut.interactor = interactor
    sut.router = router
    sut.displayArtists(viewModel: TopArtistsViewControllerTests.viewModel(rows: 3))
    sut.displayPreview(viewModel: .init(imageURL: nil, facts: ["Artist 1"], tags: tags))
    return (sut, interactor, router)
  }

  @Test func severalTagsAreOfferedByNumberAndTheNumberOpensOne() {
    // Given a previewed artist with two tags
    let (sut, interactor, router) = makeSUT(tags: ["rock", "shoegaze"])
    // When T, then 2
    _ = sut.handle(.character("T"))
    let footer = sut.render(width: 80, height: 8).map { $0.trimmingCharacters(in: .whitespaces) }.last
    _ = sut.handle(.character("2"))
    // Then the footer offered both and the second opens
    #expect(footer == "tag: 1 rock · 2 shoegaze · Esc cancels")
    #expect(interactor.selectedTagIndex == 1)
    #expect(router.routeToTagCalled)
  }

  @Test func withoutTagsTDoesNothing() {
    let (sut, interactor, router) = makeSUT(tags: [])
    #expect(sut.handle(.character("T")))
    #expect(interactor.selectedTagIndex == nil)
    #expect(!router.routeToTagCalled)
  }

  @Test func theInteractorPicksAmongThePreviewedArtistsTags() async {
    // Given the chart's first artist previewed with its details (from the seeded store)
    let sut = TopArtistsInteractor(worker: TopArtistsWorker(store: Seeds.store()))
    await sut.fetchArtists(request: .init())
    let index = sut.artists.firstIndex { $0.name == "Cher" } ?? 0
    sut.showPreview(request: .init(index: index))
    await sut.fetchPreviewDetails(request: .init(index: index))
    // When the second tag is picked
    sut.selectTag(request: .init(index: 1))
    // Then it is the one the data store gives the router
    #expect(sut.selectedTag == Seeds.cherDetails.tags[1])
  }

  @Test func theRouterOpensThePickedTagsPage() {
    let navigator = NavigatorSpy()
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: navigator)
    let sut = TopArtistsRouter(factory: factory, navigator: navigator)
    let source = TopArtistsRouterTests.DataStoreFake()
    source.selectedTag = "shoegaze"
    sut.dataStore = source
    sut.routeToTag()
    #expect((navigator.pushed.first as? TagViewController)?.router?.dataStore?.tagName == "shoegaze")
  }
}
