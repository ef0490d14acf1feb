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
final class TagRouter: TagRoutingLogic, TagDataPassing {
  weak var viewController: TagViewController?
  var dataStore: (any TagDataStore)?
  private let factory: any SceneMaking
  private weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?) {
    self.factory = factory
    self.navigator = navigator
  }

  func routeToSelection() {
    guard let destination = dataStore?.selectedItem?.destination else { return }
    navigator?.push(ListeningRoute.scene(for: destination, factory: factory))
  }

  func routeBack() {
    navigator?.pop()
  }
}
