@MainActor
protocol SimilarArtistsRoutingLogic: AnyObject {
  func routeToArtistDetail()
  func routeBack()
}

@MainActor
protocol SimilarArtistsDataPassing: AnyObject {
  var dataStore: (any SimilarArtistsDataStore)? { get }
}

@MainActor
final class SimilarArtistsRouter: SimilarArtistsRoutingLogic, SimilarArtistsDataPassing {
  weak var viewController: SimilarArtistsViewController?
  var dataStore: (any SimilarArtistsDataStore)?
  private let factory: any SceneMaking
  private weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?) {
    self.factory = factory
    self.navigator = navigator
  }

  func routeToArtistDetail() {
    guard let dataStore, dataStore.selectedArtist != nil else { return }
    let destination = factory.makeArtistDetail()
    guard var destinationDataStore = destination.router?.dataStore else { return }
    passDataToArtistDetail(source: dataStore, destination: &destinationDataStore)
    navigator?.push(destination)
  }

  func routeBack() {
    navigator?.pop()
  }

  func passDataToArtistDetail(source: any SimilarArtistsDataStore, destination: inout any ArtistDetailDataStore) {
    destination.artistName = source.selectedArtist?.name ?? ""
  }
}
