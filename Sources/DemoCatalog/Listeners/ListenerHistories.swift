import Synchronization

/// Each listener's `ListenerHistory`, made the first time something asks and shared by every copy of the catalog,
/// so a server indexes a long history once, not once per request.
final class ListenerHistories: Sendable {
  private let histories = Mutex([String: ListenerHistory]())

  func history(of listener: DemoListener, make: () -> ListenerHistory) -> ListenerHistory {
    if let known = histories.withLock({ $0[listener.name] }) { return known }
    // Made outside the lock (it invents the favourite artists); two racing requests make equal histories.
    let made = make()
    return histories.withLock { histories in
      if let known = histories[listener.name] { return known }
      histories[listener.name] = made
      return made
    }
  }
}
