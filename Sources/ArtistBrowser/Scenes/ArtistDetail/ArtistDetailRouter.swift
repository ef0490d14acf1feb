@MainActor
protocol ArtistDetailRoutingLogic: AnyObject {
  func routeToAlbumDetail()
  func routeToSimilarArtists()
  func routeToTag()
  func routeBack()
}

@MainActor
protocol ArtistDetailDataPassing: AnyObject {
  var dataStore: (any ArtistDetailDataStore)? { get }
}

@MainActor
final class ArtistDetailRouter: ArtistDetailRoutingLogic, ArtistDetailDataPassing {
  weak var viewController: ArtistDetailViewController?
  var dataStore: (any ArtistDetailDataStore)?
  private let factory: any SceneMaking
  private weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?) {
    self.factory = factory
    self.navigator = navigator
  }

  func routeToAlbumDetail() {
    guard let dataStore, dataStore.selectedAlbum != nil else { return }
    let destination = factory.makeAlbumDetail()
    guard var destinationDataStore = destination.router?.dataStore else { return }
    passDataToAlbumDetail(source: dataStore, destination: &destinationDataStore)
    navigator?.push(destination)
  }

  func routeToSimilarArtists() {
    guard let dataStore else { return }
    let destination = factory.makeSimilarArtists()
    guard var destinationDataStore = destination.router?.dataStore else { return }
    passDataToSimilarArtists(source: dataStore, destination: &destinationDataStore)
    navigator?.push(destination)
  }

  func routeToTag() {
    guard let tag = dataStore?.selectedTag else { return }
    navigator?.push(ListeningRoute.tag(named: tag, factory: factory))
  }

  func routeBack() {
    navigator?.pop()
  }

  func passDataToAlbumDetail(source: any ArtistDetailDataStore, destination: inout any AlbumDetailDataStore) {
    // The album's own artist: a compilation's album may be credited differently from the page we came from.
    destination.artistName = source.selectedAlbum?.artist ?? source.artistName
    destination.albumName = source.selectedAlbum?.name ?? ""
  }

  func passDataToSimilarArtists(source: any ArtistDetailDataStore, destination: inout any SimilarArtistsDataStore) {
    destination.artistName = source.details?.name ?? source.artistName
  }
}
