import TerminalGraphics

/// Everything the scenes need from outside, injected once.
struct BrowserServices {
  var artists: any ArtistsStore
  /// Listeners, tags and artists' top tracks; nil where the catalog has none (those pages then say so).
  var listening: (any ListeningStore)?
  var recentSearches: any RecentSearchesStore
  /// Both nil: no thumbnails (`t` then does nothing visible).
  var thumbnailLoader: (any ThumbnailLoading)?
  var thumbnailRenderer: (any ThumbnailRendering)?
  var thumbnailSize: ThumbnailSize
  /// Draws the large pictures (preview pane, covers); nil: none, and today's layouts at every width.
  var picturePainter: (any PicturePainting)?

  init(
    artists: any ArtistsStore, recentSearches: any RecentSearchesStore,
    thumbnailLoader: (any ThumbnailLoading)? = nil, thumbnailRenderer: (any ThumbnailRendering)? = nil,
    thumbnailSize: ThumbnailSize = .row, picturePainter: (any PicturePainting)? = nil,
    listening: (any ListeningStore)? = nil
  ) {
    self.artists = artists
    self.listening = listening
    self.recentSearches = recentSearches
    self.thumbnailLoader = thumbnailLoader
    self.thumbnailRenderer = thumbnailRenderer
    self.thumbnailSize = thumbnailSize
    self.picturePainter = picturePainter
  }
}

/// The terminal's names for the large pictures: one per kind of scene, so a picture leaving with its scene is
/// never confused with the next scene's.
enum PictureID {
  static let preview: UInt32 = 1
  static let artist: UInt32 = 2
  static let album: UInt32 = 3
  static let listener: UInt32 = 4
}

/// What routers need to build the scene they navigate to.
@MainActor
protocol SceneMaking: AnyObject {
  func makeTopArtists() -> TopArtistsViewController
  func makeArtistDetail() -> ArtistDetailViewController
  func makeAlbumDetail() -> AlbumDetailViewController
  func makeSimilarArtists() -> SimilarArtistsViewController
  func makeSearch() -> SearchViewController
  func makeListener() -> ListenerViewController
  func makeTag() -> TagViewController
}

/// The composition root: wires each scene's view controller, interactor, presenter, router and worker.
@MainActor
final class SceneFactory: SceneMaking {
  /// Set once more when the full screen knows what the terminal draws, before the first scene is made.
  var services: BrowserServices
  let preferences: BrowserPreferences
  private weak var navigator: (any SceneNavigating)?

  init(services: BrowserServices, preferences: BrowserPreferences, navigator: any SceneNavigating) {
    self.services = services
    self.preferences = preferences
    self.navigator = navigator
  }

  func makeTopArtists() -> TopArtistsViewController {
    let viewController = TopArtistsViewController(
      preferences: preferences, thumbnails: makeThumbnails(), previewPicture: makeLargePicture(id: PictureID.preview),
      wall: makeWall())
    let interactor = TopArtistsInteractor(worker: TopArtistsWorker(store: services.artists))
    let presenter = TopArtistsPresenter()
    let router = TopArtistsRouter(factory: self, navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  func makeArtistDetail() -> ArtistDetailViewController {
    let viewController = ArtistDetailViewController(
      preferences: preferences, thumbnails: makeThumbnails(), picture: makeLargePicture(id: PictureID.artist),
      wall: makeWall())
    let interactor = ArtistDetailInteractor(
      worker: ArtistDetailWorker(store: services.artists, listening: services.listening))
    let presenter = ArtistDetailPresenter()
    let router = ArtistDetailRouter(factory: self, navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  func makeAlbumDetail() -> AlbumDetailViewController {
    let viewController = AlbumDetailViewController(
      preferences: preferences, thumbnails: makeThumbnails(size: ThumbnailSize(columns: 24, rows: 12)),
      cover: makeLargePicture(id: PictureID.album))
    let interactor = AlbumDetailInteractor(worker: AlbumDetailWorker(store: services.artists))
    let presenter = AlbumDetailPresenter()
    let router = AlbumDetailRouter(navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  func makeSimilarArtists() -> SimilarArtistsViewController {
    let viewController = SimilarArtistsViewController(
      preferences: preferences, thumbnails: makeThumbnails(), previewPicture: makeLargePicture(id: PictureID.preview),
      wall: makeWall())
    let interactor = SimilarArtistsInteractor(worker: SimilarArtistsWorker(store: services.artists))
    let presenter = SimilarArtistsPresenter()
    let router = SimilarArtistsRouter(factory: self, navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  func makeSearch() -> SearchViewController {
    let viewController = SearchViewController(
      preferences: preferences, thumbnails: makeThumbnails(), previewPicture: makeLargePicture(id: PictureID.preview),
      wall: makeWall())
    let interactor = SearchInteractor(
      worker: SearchWorker(store: services.artists, recents: services.recentSearches))
    let presenter = SearchPresenter()
    let router = SearchRouter(factory: self, navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  func makeListener() -> ListenerViewController {
    let viewController = ListenerViewController(
      preferences: preferences, thumbnails: makeThumbnails(), previewPicture: makeLargePicture(id: PictureID.preview),
      wall: makeWall(), profilePicture: makeLargePicture(id: PictureID.listener))
    let interactor = ListenerInteractor(worker: ListenerWorker(store: listening))
    let presenter = ListenerPresenter()
    let router = ListenerRouter(factory: self, navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  func makeTag() -> TagViewController {
    let viewController = TagViewController(
      preferences: preferences, thumbnails: makeThumbnails(), previewPicture: makeLargePicture(id: PictureID.preview),
      wall: makeWall())
    let interactor = TagInteractor(worker: TagWorker(store: listening))
    let presenter = TagPresenter()
    let router = TagRouter(factory: self, navigator: navigator)
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.dataStore = interactor
    return viewController
  }

  /// The session's listening store, or one that says the catalog has no listeners.
  private var listening: any ListeningStore { services.listening ?? NoListeningStore() }

  private func makeLargePicture(id: UInt32) -> LargePictureLoader? {
    guard let loader = services.thumbnailLoader, let painter = services.picturePainter else { return nil }
    return LargePictureLoader(loader: loader, painter: painter, pictureID: id)
  }

  /// A wall over a scene's list, its tiles painted as the thumbnails are; placeholders alone without pictures.
  private func makeWall() -> WallView {
    let painter = services.thumbnailRenderer.map { services.picturePainter ?? BlockArtPicturePainter(renderer: $0) }
    guard let loader = services.thumbnailLoader, let painter else {
      return WallView(preferences: preferences, makeSlots: nil)
    }
    return WallView(preferences: preferences, cellAspect: painter.cellAspect) { size, firstPictureID in
      ThumbnailSlots(loader: loader, painter: painter, size: size, firstPictureID: firstPictureID)
    }
  }

  private func makeThumbnails(size: ThumbnailSize? = nil) -> ThumbnailSlots? {
    guard let loader = services.thumbnailLoader, let renderer = services.thumbnailRenderer else { return nil }
    // The session's painter (a graphics protocol where there is one), else the renderer's block art.
    let painter = services.picturePainter ?? BlockArtPicturePainter(renderer: renderer)
    return ThumbnailSlots(loader: loader, painter: painter, size: size ?? services.thumbnailSize)
  }
}
