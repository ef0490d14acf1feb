import Synchronization

/// The caller's side of one transfer: the continuation it waits on, or the callback it left, resolved exactly once,
/// either by the loop thread (finished) or by cancellation, whichever comes first.
final class TransferTicket {
  typealias Outcome = Result<DataResponse, TransferError>

  let id: UInt64
  private let state = Mutex<State>(State())

  private struct State {
    /// Resumes the caller's continuation, or calls the callback it left.
    var waiter: (@Sendable (Outcome) -> Void)?
    var cancelled = false
    var resolved = false
  }

  init(id: UInt64) { self.id = id }

  /// A ticket resolved by calling `completion` (on the loop thread, or on the cancelling one).
  init(id: UInt64, completion: @escaping @Sendable (Outcome) -> Void) {
    self.id = id
    state.withLock { $0.waiter = completion }
  }

  /// Stores the continuation; returns false (and leaves it to the caller to resume) if already cancelled.
  func arm(_ continuation: CheckedContinuation<Outcome, Never>) -> Bool {
    state.withLock { state in
      guard !state.cancelled else { return false }
      state.waiter = { continuation.resume(returning: $0) }
      return true
    }
  }

  /// Resolves the waiting caller with `.cancelled` right away; the loop removes the easy handle afterwards.
  func cancel() {
    let waiter = state.withLock { state -> (@Sendable (Outcome) -> Void)? in
      state.cancelled = true
      return takeWaiter(&state)
    }
    waiter?(.failure(.cancelled))
  }

  func finish(_ outcome: Outcome) {
    let waiter = state.withLock { state in takeWaiter(&state) }
    waiter?(outcome)
  }

  var isCancelled: Bool { state.withLock { $0.cancelled } }

  private func takeWaiter(_ state: inout State) -> (@Sendable (Outcome) -> Void)? {
    guard !state.resolved, let waiter = state.waiter else { return nil }
    state.resolved = true
    state.waiter = nil
    return waiter
  }
}

extension TransferTicket: Sendable {}
