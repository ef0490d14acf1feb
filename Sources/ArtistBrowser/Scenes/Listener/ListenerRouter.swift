@MainActor
protocol ListenerRoutingLogic: AnyObject {
  /// The selected row's page: an album's (a track's album when known), else the artist's; `note` (why a track
  /// opened its artist) goes on the status line over it.
  func routeToSelection(note: String?)
  /// The listener's History page, from their archive.
  func routeToHistory()
  func routeBack()
  /// What the listener plays now, followed live.
  func routeToNow()
}

@MainActor
protocol ListenerDataPassing: AnyObject {
  var dataStore: (any ListenerDataStore)? { get }
}

final class ListenerRouter: SceneRouter<any ListenerDataStore>, ListenerRoutingLogic, ListenerDataPassing {
  func routeToSelection(note: String? = nil) {
    if routeToPage(of: dataStore?.selectedItem?.destination), let note {
      navigator?.setStatus(StatusLine(error: note))
    }
  }

  func routeToHistory() {
    guard let userName = dataStore?.userName, !userName.isEmpty else { return }
    navigator?.push(factory.makeHistory(userName: userName))
  }

  func routeToNow() {
    guard let user = dataStore?.userName, !user.isEmpty else { return }
    navigator?.push(factory.makeNow(userName: user))
  }
}
