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
final class HistoryRouter: SceneRouter<any HistoryDataStore>, HistoryRoutingLogic, HistoryDataPassing {
  func routeToRange() {
    guard let dataStore else { return }
    navigator?.push(factory.makeHistoryRange { passDataToHistoryRange(source: dataStore, destination: &$0) })
  }

  func routeToAlbum() {
    routeToPage(of: dataStore?.selectedDestination)
  }

  func passDataToHistoryRange(source: any HistoryDataStore, destination: inout any HistoryRangeDataStore) {
    destination.userName = source.userName
    destination.range = source.selectedRange
    destination.rangeTitle = source.selectedRangeTitle
  }
}
