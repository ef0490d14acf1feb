@MainActor
protocol AlbumDetailRoutingLogic: AnyObject {
  func routeBack()
}

@MainActor
protocol AlbumDetailDataPassing: AnyObject {
  var dataStore: (any AlbumDetailDataStore)? { get }
}

/// The album is a leaf: the only way out is back.
final class AlbumDetailRouter: SceneRouter<any AlbumDetailDataStore>, AlbumDetailRoutingLogic, AlbumDetailDataPassing {}
