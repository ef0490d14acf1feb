import Synchronization

/// What one piece of work shares with the transfer it runs: the priority that transfer waits at, which may change
/// while it waits (a row scrolling into view raises its request), and where its progress goes.
///
/// A coalesced job runs its operation with its context as `TransferContext.current`, so the context reaches the
/// loader through any `DataLoading` wrapper (`RetryingDataLoader`) without a parameter; `CurlDataLoader` queues the
/// transfer at the context's priority, requeues it when the priority changes, and reports the body bytes to it.
/// Observers run outside the context's lock and read the priority afresh: a late notification is harmless.
final class TransferContext: Sendable {
  /// The context of the work the current task does, if any.
  @TaskLocal static var current: TransferContext?

  typealias Progress = @Sendable (_ received: Int, _ expected: Int?) -> Void

  private struct State {
    var priority: ImageRequest.Priority
    /// The `version` of the last `update`, so an older computation never overwrites a newer one.
    var version: UInt64 = 0
    var priorityObservers: [UInt64: @Sendable () -> Void] = [:]
    var progressObservers: [UInt64: Progress] = [:]
    var nextToken: UInt64 = 0
  }

  private let state: Mutex<State>

  init(priority: ImageRequest.Priority) {
    state = Mutex(State(priority: priority))
  }

  var priority: ImageRequest.Priority {
    get { state.withLock { $0.priority } }
    set { update(priority: newValue, version: nil) }
  }

  /// Sets the priority unless a computation with a later `version` already set it (nil: always), and tells the
  /// priority observers when it changed.
  func update(priority: ImageRequest.Priority, version: UInt64?) {
    let observers = state.withLock { state -> [@Sendable () -> Void] in
      if let version {
        guard version >= state.version else { return [] }
        state.version = version
      }
      guard state.priority != priority else { return [] }
      state.priority = priority
      return Array(state.priorityObservers.values)
    }
    for observer in observers { observer() }
  }

  /// Calls `onChange` after every change of the priority until `stopObserving(_:)`.
  func observePriority(_ onChange: @escaping @Sendable () -> Void) -> UInt64 {
    state.withLock { state in
      state.nextToken += 1
      state.priorityObservers[state.nextToken] = onChange
      return state.nextToken
    }
  }

  /// Calls `progress` with every report until `stopObserving(_:)`.
  func observeProgress(_ progress: @escaping Progress) -> UInt64 {
    state.withLock { state in
      state.nextToken += 1
      state.progressObservers[state.nextToken] = progress
      return state.nextToken
    }
  }

  func stopObserving(_ token: UInt64) {
    state.withLock { state in
      state.priorityObservers[token] = nil
      state.progressObservers[token] = nil
    }
  }

  /// Body bytes received so far and the length the response declared (nil when unknown).
  func report(received: Int, expected: Int?) {
    let observers = state.withLock { Array($0.progressObservers.values) }
    for observer in observers { observer(received, expected) }
  }
}
