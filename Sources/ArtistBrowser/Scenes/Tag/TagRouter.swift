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

final class TagRouter: SceneRouter<any TagDataStore>, TagRoutingLogic, TagDataPassing {
  func routeToSelection() {
    guard let destination = dataStore?.selectedItem?.destination else { return }
    navigator?.push(factory.makeScene(for: destination))
  }
}
