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
final class AlbumDetailRouter: AlbumDetailRoutingLogic, AlbumDetailDataPassing, SceneRouting {
  var dataStore: (any AlbumDetailDataStore)?
  private(set) weak var navigator: (any SceneNavigating)?

  init(navigator: (any SceneNavigating)?, dataStore: (any AlbumDetailDataStore)? = nil) {
    self.dataStore = dataStore
    self.navigator = navigator
  }
}
