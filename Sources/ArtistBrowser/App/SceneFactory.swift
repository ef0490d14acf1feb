/// Everything the scenes need from outside, injected once.
public struct BrowserServices {
  public var artists: any ArtistsStore
  public var recentSearches: any RecentSearchesStore
  /// Both nil: no thumbnails (`t` then does nothing visible).
  public var thumbnailLoader: (any ThumbnailLoading)?
  public var thumbnailRenderer: (any ThumbnailRendering)?
  public var thumbnailSize: ThumbnailSize

  public init(
    artists: any ArtistsStore, recentSearches: any RecentSearchesStore,
    thumbnailLoader: (any ThumbnailLoading)? = nil, thumbnailRenderer: (any ThumbnailRendering)? = nil,
    thumbnailSize: ThumbnailSize = .row
  ) {
    self.artists = artists
    self.recentSearches = recentSearches
    self.thumbnailLoader = thumbnailLoader
    self.thumbnailRenderer = thumbnailRenderer
    self.thumbnailSize = thumbnailSize
  }
}

/// What routers need to build the scene they navigate to.
@MainActor
protocol SceneMaking: AnyObject {
  func makeTopArtists() -> TopArtistsViewController
  func makeArtistDetail() -> ArtistDetailViewController
  func makeAlbumDetail() -> AlbumDetailViewController
  func makeSimilarArtists() -> SimilarArtistsViewController
  func makeSearch() -> SearchViewController
}

/// The composition root: wires each scene's view controller, interactor, presenter, router and worker.
@MainActor
public final class SceneFactory: SceneMaking {
  public let services: BrowserServices
  public let preferences: BrowserPreferences
  private weak var navigator: (any SceneNavigating)?

  public init(services: BrowserServices, preferences: BrowserPreferences, navigator: any SceneNavigating) {
    self.services = services
    self.preferences = preferences
    self.navigator = navigator
  }

  public func makeTopArtists() -> TopArtistsViewController {
    let viewController = TopArtistsViewController(preferences: preferences, thumbnails: makeThumbnails())
    let interactor = TopArtistsInteractor(worker: TopArtistsWorker(store: services.artists))
    let presenter = TopArtistsPresenter()
    let router = TopArtistsRouter(factory: self, navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  public func makeArtistDetail() -> ArtistDetailViewController {
    let viewController = ArtistDetailViewController(preferences: preferences, thumbnails: makeThumbnails())
    let interactor = ArtistDetailInteractor(worker: ArtistDetailWorker(store: services.artists))
    let presenter = ArtistDetailPresenter()
    let router = ArtistDetailRouter(factory: self, navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  public func makeAlbumDetail() -> AlbumDetailViewController {
    let viewController = AlbumDetailViewController(
      preferences: preferences, thumbnails: makeThumbnails(size: ThumbnailSize(columns: 24, rows: 12)))
    let interactor = AlbumDetailInteractor(worker: AlbumDetailWorker(store: services.artists))
    let presenter = AlbumDetailPresenter()
    let router = AlbumDetailRouter(navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  public func makeSimilarArtists() -> SimilarArtistsViewController {
    let viewController = SimilarArtistsViewController(preferences: preferences, thumbnails: makeThumbnails())
    let interactor = SimilarArtistsInteractor(worker: SimilarArtistsWorker(store: services.artists))
    let presenter = SimilarArtistsPresenter()
    let router = SimilarArtistsRouter(factory: self, navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  public func makeSearch() -> SearchViewController {
    let viewController = SearchViewController(preferences: preferences, thumbnails: makeThumbnails())
    let interactor = SearchInteractor(
      worker: SearchWorker(store: services.artists, recents: services.recentSearches))
    let presenter = SearchPresenter()
    let router = SearchRouter(factory: self, navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  private func makeThumbnails(size: ThumbnailSize? = nil) -> ThumbnailSlots? {
    guard let loader = services.thumbnailLoader, let renderer = services.thumbnailRenderer else { return nil }
    return ThumbnailSlots(loader: loader, renderer: renderer, size: size ?? services.thumbnailSize)
  }
}
