@MainActor
protocol ListenerRoutingLogic: AnyObject {
  /// The selected row's page: an album's (a track's album when known), else the artist's; `note` (why a track
  /// opened its artist) goes on the status line over it.
  func routeToSelection(note: String?)
  func routeBack()
}

@MainActor
protocol ListenerDataPassing: AnyObject {
  var dataStore: (any ListenerDataStore)? { get }
}

@MainActor
final class ListenerRouter: ListenerRoutingLogic, ListenerDataPassing {
  weak var viewController: ListenerViewController?
  var dataStore: (any ListenerDataStore)?
  private let factory: any SceneMaking
  private weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?) {
    self.factory = factory
    self.navigator = navigator
  }

  func routeToSelection(note: String? = nil) {
    guard let destination = dataStore?.selectedItem?.destination else { return }
    navigator?.push(ListeningRoute.scene(for: destination, factory: factory))
    if let note { navigator?.setStatus(StatusLine(error: note)) }
  }

  func routeBack() {
    navigator?.pop()
  }
}

/// The scene a list row opens, its data store filled as the other routers fill theirs.
@MainActor
enum ListeningRoute {
  static func tag(named name: String, factory: any SceneMaking) -> TagViewController {
    let scene = factory.makeTag()
    scene.router?.dataStore?.tagName = name
    return scene
  }

  static func scene(for destination: ListeningDestination, factory: any SceneMaking) -> any BrowserScene {
    switch destination {
    case .artist(let name):
      let scene = factory.makeArtistDetail()
      scene.router?.dataStore?.artistName = name
      return scene
    case .album(let artist, let album):
      let scene = factory.makeAlbumDetail()
      scene.router?.dataStore?.artistName = artist
      scene.router?.dataStore?.albumName = album
      return scene
    }
  }
}
