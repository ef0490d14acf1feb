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
final class HistoryRangeRouter: SceneRouter<any HistoryRangeDataStore>, HistoryRangeRoutingLogic,
  HistoryRangeDataPassing
{
  func routeToSelection() {
    routeToPage(of: dataStore?.selectedDestination)
  }
}
