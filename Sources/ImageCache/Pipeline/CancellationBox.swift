import Synchronization

/// What to stop when work is abandoned, added as the work goes on (a transfer, then maybe a task); whatever is
/// added after the cancellation is stopped at once.
final class CancellationBox: Sendable {
  private let state = Mutex<(cancels: [@Sendable () -> Void], cancelled: Bool)>(([], false))

  func add(_ cancel: @escaping @Sendable () -> Void) {
    let now = state.withLock { state -> Bool in
      if !state.cancelled { state.cancels.append(cancel) }
      return state.cancelled
    }
    if now { cancel() }
  }

  func cancel() {
    let cancels = state.withLock { state -> [@Sendable () -> Void] in
      state.cancelled = true
      defer { state.cancels = [] }
      return state.cancels
    }
    for cancel in cancels { cancel() }
  }
}
