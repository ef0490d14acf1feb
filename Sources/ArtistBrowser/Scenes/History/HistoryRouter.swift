@MainActor
protocol HistoryRoutingLogic: AnyObject {
  /// The cursor's day, month or year: its top albums and artists.
  func routeToRange()
  /// The album chosen on the page's wall, as from every other list.
  func routeToAlbum()
  func routeBack()
}

@MainActor
protocol HistoryDataPassing: AnyObject {
  var dataStore: (any HistoryDataStore)? { get }
}

@MainActor
final class HistoryRouter: HistoryRoutingLogic, HistoryDataPassing, SceneRouting {
  var dataStore: (any HistoryDataStore)?
  let factory: any SceneMaking
  private(set) weak var navigator: (any SceneNavigating)?

  init(factory: any SceneMaking, navigator: (any SceneNavigating)?, dataStore: (any HistoryDataStore)? = nil) {
    self.dataStore = dataStore
    self.factory = factory
    self.navigator = navigator
  }

  func routeToRange() {
    guard let dataStore else { return }
    navigator?.push(factory.makeHistoryRange { passDataToHistoryRange(source: dataStore, destination: &$0) })
  }

  func routeToAlbum() {
    guard let destination = dataStore?.selectedDestination else { return }
    navigator?.push(factory.makeScene(for: destination))
  }

  func passDataToHistoryRange(source: any HistoryDataStore, destination: inout any HistoryRangeDataStore) {
    destination.userName = source.userName
    destination.range = source.selectedRange
    destination.rangeTitle = source.selectedRangeTitle
  }
}
