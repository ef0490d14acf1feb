@MainActor
protocol SearchRoutingLogic: AnyObject {
  func routeToArtistDetail()
  func routeBack()
}

@MainActor
protocol SearchDataPassing: AnyObject {
  var dataStore: (any SearchDataStore)? { get }
}

@MainActor
final class SearchRouter: SearchRoutingLogic, SearchDataPassing {
  weak var viewController: SearchViewController?
  var dataStore: (any SearchDataStore)?
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

  func passDataToArtistDetail(source: any SearchDataStore, destination: inout any ArtistDetailDataStore) {
    destination.artistName = source.selectedArtist?.name ?? ""
  }
}
