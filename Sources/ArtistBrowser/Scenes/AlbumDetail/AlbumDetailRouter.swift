@MainActor
protocol AlbumDetailRoutingLogic: AnyObject {
  func routeBack()
}

@MainActor
protocol AlbumDetailDataPassing: AnyObject {
  var dataStore: (any AlbumDetailDataStore)? { get }
}

/// The album is a leaf: the only way out is back.
@MainActor
final class AlbumDetailRouter: AlbumDetailRoutingLogic, AlbumDetailDataPassing {
  weak var viewController: AlbumDetailViewController?
  var dataStore: (any AlbumDetailDataStore)?
  private weak var navigator: (any SceneNavigating)?

  init(navigator: (any SceneNavigating)?) {
    self.navigator = navigator
  }

  func routeBack() {
    navigator?.pop()
  }
}
