@MainActor
protocol TopArtistsRoutingLogic: AnyObject {
  func routeToArtistDetail()
  func routeToSearch()
}

@MainActor
protocol TopArtistsDataPassing: AnyObject {
  var dataStore: (any TopArtistsDataStore)? { get }
}

@MainActor
final class TopArtistsRouter: TopArtistsRoutingLogic, TopArtistsDataPassing {
  weak var viewController: TopArtistsViewController?
  var dataStore: (any TopArtistsDataStore)?
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

  func routeToSearch() {
    navigator?.push(factory.makeSearch())
  }

  func passDataToArtistDetail(source: any TopArtistsDataStore, destination: inout any ArtistDetailDataStore) {
    destination.artistName = source.selectedArtist?.name ?? ""
  }
}
