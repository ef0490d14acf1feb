@MainActor
protocol HistoryRangeRoutingLogic: AnyObject {
  /// The selected album's or artist's page, as from every other list.
  func routeToSelection()
  func routeBack()
}

@MainActor
protocol HistoryRangeDataPassing: AnyObject {
  var dataStore: (any HistoryRangeDataStore)? { get }
}

@MainActor
final class HistoryRangeRouter: HistoryRangeRoutingLogic, HistoryRangeDataPassing, SceneRouting {
  var dataStore: (any HistoryRangeDataStore)?
  let factory: any SceneMaking
  private(set) weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?, dataStore: (any HistoryRangeDataStore)? = nil) {
    self.dataStore = dataStore
    self.factory = factory
    self.navigator = navigator
  }

  func routeToSelection() {
    guard let destination = dataStore?.selectedDestination else { return }
    navigator?.push(factory.makeScene(for: destination))
  }
}
