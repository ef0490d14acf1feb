@MainActor
protocol TagRoutingLogic: AnyObject {
  /// The selected artist's or album's page.
  func routeToSelection()
  func routeBack()
}

@MainActor
protocol TagDataPassing: AnyObject {
  var dataStore: (any TagDataStore)? { get }
}

@MainActor
final class TagRouter: TagRoutingLogic, TagDataPassing, SceneRouting {
  var dataStore: (any TagDataStore)?
  let factory: any SceneMaking
  private(set) weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?, dataStore: (any TagDataStore)? = nil) {
    self.dataStore = dataStore
    self.factory = factory
    self.navigator = navigator
  }

  func routeToSelection() {
    guard let destination = dataStore?.selectedItem?.destination else { return }
    navigator?.push(factory.makeScene(for: destination))
  }
}
