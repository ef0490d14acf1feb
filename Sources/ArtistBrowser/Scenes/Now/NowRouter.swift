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
final class NowRouter: SceneRouter<any NowDataStore>, NowRoutingLogic, NowDataPassing {
  func routeToAlbum() {
    guard let track = dataStore?.track else { return }
    guard let album = track.album, !album.isEmpty else { return routeToArtist() }
    routeToPage(of: .album(artist: track.artist, album: album))
  }

  func routeToArtist() {
    guard let track = dataStore?.track else { return }
    routeToPage(of: .artist(track.artist))
  }
}
