@MainActor
protocol TopArtistsRoutingLogic: AnyObject {
  func routeToArtistDetail()
  func routeToSearch()
  func routeToTag()
}

@MainActor
protocol TopArtistsDataPassing: AnyObject {
  var dataStore: (any TopArtistsDataStore)? { get }
}

@MainActor
final class TopArtistsRouter: TopArtistsRoutingLogic, TopArtistsDataPassing, SelectedArtistRouting {
  var dataStore: (any TopArtistsDataStore)?
  let factory: any SceneMaking
  private(set) weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?, dataStore: (any TopArtistsDataStore)? = nil) {
    self.dataStore = dataStore
    self.factory = factory
    self.navigator = navigator
  }

  func routeToSearch() {
    navigator?.push(factory.makeSearch())
  }

  func routeToTag() {
    guard let tag = dataStore?.selectedTag else { return }
    navigator?.push(factory.makeTag(tagName: tag))
  }

  func selectedArtistName(in source: any TopArtistsDataStore) -> String? {
    source.selectedArtist?.name
  }
}
