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
    routeToPage(of: dataStore?.selectedItem?.destination)
  }
}
