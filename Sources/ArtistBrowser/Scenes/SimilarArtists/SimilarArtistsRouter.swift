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
final class SimilarArtistsRouter: SimilarArtistsRoutingLogic, SimilarArtistsDataPassing, SelectedArtistRouting {
  var dataStore: (any SimilarArtistsDataStore)?
  let factory: any SceneMaking
  private(set) weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?, dataStore: (any SimilarArtistsDataStore)? = nil) {
    self.dataStore = dataStore
    self.factory = factory
    self.navigator = navigator
  }

  func selectedArtistName(in source: any SimilarArtistsDataStore) -> String? {
    source.selectedArtist?.name
  }
}
