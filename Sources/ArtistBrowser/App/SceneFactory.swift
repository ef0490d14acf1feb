import ScrobbleArchive
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
  /// Where the listeners' archives are and how a sync reaches the catalog; nil: History says it has none.
  var history: HistoryServices?

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
  static let now: UInt32 = 5
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
  func makeHistory() -> HistoryViewController
  func makeHistoryRange() -> HistoryRangeViewController
  func makeNow() -> NowViewController
}

/// The composition root: wires each scene's view controller, interactor, presenter, router and worker, in a few
/// lines a scene, kept visible: a new scene adds its `make…()` here and to `SceneMaking`.
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
      runtime: makeRuntime(preview: true))
    let interactor = TopArtistsInteractor(
      worker: TopArtistsWorker(store: services.artists), presenter: TopArtistsPresenter(viewController: viewController))
    viewController.interactor = interactor
    viewController.router = TopArtistsRouter(factory: self, navigator: navigator, dataStore: interactor)
    return viewController
  }

  func makeArtistDetail() -> ArtistDetailViewController {
    let viewController = ArtistDetailViewController(
      runtime: makeRuntime(), picture: makeLargePicture(id: PictureID.artist))
    let interactor = ArtistDetailInteractor(
      worker: ArtistDetailWorker(store: services.artists, listening: services.listening),
      presenter: ArtistDetailPresenter(viewController: viewController))
    viewController.interactor = interactor
    viewController.router = ArtistDetailRouter(factory: self, navigator: navigator, dataStore: interactor)
    return viewController
  }

  /// The album's page has no wall; its thumbnail-sized cover (printouts) is larger than a row's.
  func makeAlbumDetail() -> AlbumDetailViewController {
    let viewController = AlbumDetailViewController(
      runtime: makeRuntime(thumbnailSize: ThumbnailSize(columns: 24, rows: 12), wall: false),
      cover: makeLargePicture(id: PictureID.album))
    let interactor = AlbumDetailInteractor(
      worker: AlbumDetailWorker(store: services.artists),
      presenter: AlbumDetailPresenter(viewController: viewController))
    viewController.interactor = interactor
    viewController.router = AlbumDetailRouter(factory: self, navigator: navigator, dataStore: interactor)
    return viewController
  }

  func makeSimilarArtists() -> SimilarArtistsViewController {
    let viewController = SimilarArtistsViewController(
      runtime: makeRuntime(preview: true))
    let interactor = SimilarArtistsInteractor(
      worker: SimilarArtistsWorker(store: services.artists),
      presenter: SimilarArtistsPresenter(viewController: viewController))
    viewController.interactor = interactor
    viewController.router = SimilarArtistsRouter(factory: self, navigator: navigator, dataStore: interactor)
    return viewController
  }

  func makeSearch() -> SearchViewController {
    let viewController = SearchViewController(
      runtime: makeRuntime(preview: true))
    let interactor = SearchInteractor(
      worker: SearchWorker(store: services.artists, recents: services.recentSearches),
      presenter: SearchPresenter(viewController: viewController))
    viewController.interactor = interactor
    viewController.router = SearchRouter(factory: self, navigator: navigator, dataStore: interactor)
    return viewController
  }

  func makeListener() -> ListenerViewController {
    let viewController = ListenerViewController(
      runtime: makeRuntime(preview: true),
      profilePicture: makeLargePicture(id: PictureID.listener))
    let interactor = ListenerInteractor(
      worker: ListenerWorker(store: listening), presenter: ListenerPresenter(viewController: viewController))
    viewController.interactor = interactor
    viewController.router = ListenerRouter(factory: self, navigator: navigator, dataStore: interactor)
    return viewController
  }

  func makeTag() -> TagViewController {
    let viewController = TagViewController(
      runtime: makeRuntime(preview: true))
    let interactor = TagInteractor(
      worker: TagWorker(store: listening), presenter: TagPresenter(viewController: viewController))
    viewController.interactor = interactor
    viewController.router = TagRouter(factory: self, navigator: navigator, dataStore: interactor)
    return viewController
  }

  func makeHistory() -> HistoryViewController {
    // The range's covers are a wall that is a part of the page, drawn whatever `w` chose.
    let viewController = HistoryViewController(runtime: makeRuntime(pinsWall: true))
    let interactor = HistoryInteractor(
      worker: HistoryWorker(services: historyServices),
      presenter: HistoryPresenter(viewController: viewController, palette: historyServices.chartPalette))
    viewController.interactor = interactor
    viewController.router = HistoryRouter(factory: self, navigator: navigator, dataStore: interactor)
    return viewController
  }

  func makeHistoryRange() -> HistoryRangeViewController {
    let viewController = HistoryRangeViewController(runtime: makeRuntime(preview: true))
    let interactor = HistoryRangeInteractor(
      worker: HistoryWorker(services: historyServices), presenter: HistoryRangePresenter(viewController: viewController)
    )
    viewController.interactor = interactor
    viewController.router = HistoryRangeRouter(factory: self, navigator: navigator, dataStore: interactor)
    return viewController
  }

  /// The session's archives, else the default folder with no sync.
  private var historyServices: HistoryServices {
    services.history ?? HistoryServices(location: ArchiveLocation.resolve(option: nil, environment: [:]))
  }

  /// The Now screen: its cover large, the earlier tracks with the session's thumbnails, and for the idle screen
  /// a wall of small tiles of its own (no list to toggle); polls through the listening store. A day of tracks
  /// brings a cover after another, for good: it keeps two painted covers (the shown one and the one before), not a
  /// list's 32, and of the earlier tracks' small covers those on screen; neither goes into the session's shared
  /// memory of pictures (the disk keeps them scaled), which would otherwise fill up to `--max-memory` with them.
  func makeNow() -> NowViewController {
    let smallTiles = BrowserPreferences()
    smallTiles.wallTileSize = .small
    let runtime = SceneRuntime(preferences: preferences, thumbnails: makeThumbnails(keepingOnlyShown: true))
    let viewController = NowViewController(
      runtime: runtime, cover: makeLargePicture(id: PictureID.now, memoryLimit: 2, bypassingMemoryTier: true),
      weekWall: services.thumbnailLoader == nil ? nil : makeWall(preferences: smallTiles))
    let interactor = NowInteractor(
      worker: NowWorker(store: listening), presenter: NowPresenter(viewController: viewController))
    viewController.interactor = interactor
    viewController.router = NowRouter(factory: self, navigator: navigator, dataStore: interactor)
    return viewController
  }

  /// What runs under one scene: its thumbnails (of `thumbnailSize`, else the session's), for lists the wall,
  /// and for lists with a preview pane its picture.
  private func makeRuntime(
    thumbnailSize: ThumbnailSize? = nil, wall: Bool = true, pinsWall: Bool = false, preview: Bool = false
  ) -> SceneRuntime {
    SceneRuntime(
      preferences: preferences, thumbnails: makeThumbnails(size: thumbnailSize), wall: wall ? makeWall() : nil,
      pinsWall: pinsWall, preview: preview ? makeLargePicture(id: PictureID.preview) : nil)
  }

  /// The session's listening store, or one that says the catalog has no listeners.
  private var listening: any ListeningStore { services.listening ?? NoListeningStore() }

  private func makeLargePicture(id: UInt32, memoryLimit: Int = 32, bypassingMemoryTier: Bool = false)
    -> LargePictureLoader?
  {
    guard let loader = services.thumbnailLoader, let painter = services.picturePainter else { return nil }
    return LargePictureLoader(
      loader: bypassingMemoryTier ? loader.bypassingMemoryTier : loader, painter: painter, pictureID: id,
      memoryLimit: memoryLimit)
  }

  /// A wall over a scene's list, its tiles painted as the thumbnails are; placeholders alone without pictures.
  private func makeWall(preferences: BrowserPreferences? = nil) -> WallView {
    let preferences = preferences ?? self.preferences
    let painter = services.thumbnailRenderer.map { services.picturePainter ?? BlockArtPicturePainter(renderer: $0) }
    guard let loader = services.thumbnailLoader, let painter else {
      return WallView(preferences: preferences, makeSlots: nil)
    }
    return WallView(preferences: preferences, cellAspect: painter.cellAspect) { size, firstPictureID in
      ThumbnailSlots(loader: loader, painter: painter, size: size, firstPictureID: firstPictureID)
    }
  }

  /// `keepingOnlyShown`: the slots keep only the pictures of their last frame, loaded past the shared memory tier.
  private func makeThumbnails(size: ThumbnailSize? = nil, keepingOnlyShown: Bool = false) -> ThumbnailSlots? {
    guard let loader = services.thumbnailLoader, let renderer = services.thumbnailRenderer else { return nil }
    // The session's painter (a graphics protocol where there is one), else the renderer's block art.
    let painter = services.picturePainter ?? BlockArtPicturePainter(renderer: renderer)
    return ThumbnailSlots(
      loader: keepingOnlyShown ? loader.bypassingMemoryTier : loader, painter: painter,
      size: size ?? services.thumbnailSize, keepsOnlyRequested: keepingOnlyShown)
  }
}
