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
final class SearchRouter: SearchRoutingLogic, SearchDataPassing, SelectedArtistRouting {
  var dataStore: (any SearchDataStore)?
  let factory: any SceneMaking
  private(set) weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?, dataStore: (any SearchDataStore)? = nil) {
    self.dataStore = dataStore
    self.factory = factory
    self.navigator = navigator
  }

  func selectedArtistName(in source: any SearchDataStore) -> String? {
    source.selectedArtist?.name
  }
}
