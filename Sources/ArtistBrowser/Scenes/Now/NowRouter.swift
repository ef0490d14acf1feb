@MainActor
protocol NowRoutingLogic: AnyObject {
  /// The shown track's album (its artist when it names none).
  func routeToAlbum()
  func routeToArtist()
  func routeBack()
}

@MainActor
protocol NowDataPassing: AnyObject {
  var dataStore: (any NowDataStore)? { get }
}

@MainActor
final class NowRouter: NowRoutingLogic, NowDataPassing, SceneRouting {
  var dataStore: (any NowDataStore)?
  let factory: any SceneMaking
  private(set) weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?, dataStore: (any NowDataStore)? = nil) {
    self.dataStore = dataStore
    self.factory = factory
    self.navigator = navigator
  }

  func routeToAlbum() {
    guard let track = dataStore?.track else { return }
    guard let album = track.album, !album.isEmpty else { return routeToArtist() }
    navigator?.push(factory.makeScene(for: .album(artist: track.artist, album: album)))
  }

  func routeToArtist() {
    guard let track = dataStore?.track else { return }
    navigator?.push(factory.makeScene(for: .artist(track.artist)))
  }
}
