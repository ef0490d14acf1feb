import Synchronization

/// The caller's side of one transfer: the continuation it waits on, resumed exactly once, either by the loop thread
/// (finished) or by the cancellation handler (cancelled) — whichever comes first wins.
final class TransferTicket {
  typealias Outcome = Result<DataResponse, TransferError>

  let id: UInt64
  private let state = Mutex<State>(State())

  private struct State {
    var continuation: CheckedContinuation<Outcome, Never>?
    var cancelled = false
    var resolved = false
  }

  init(id: UInt64) { self.id = id }

  /// Stores the continuation; returns false (and leaves it to the caller to resume) if already cancelled.
  func arm(_ continuation: CheckedContinuation<Outcome, Never>) -> Bool {
    state.withLock { state in
      guard !state.cancelled else { return false }
      state.continuation = continuation
      return true
    }
  }

  /// Resumes the waiting caller with `.cancelled` right away; the loop removes the easy handle afterwards.
  func cancel() {
    let waiting = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
      state.cancelled = true
      return takeContinuation(&state)
    }
    waiting?.resume(returning: .failure(.cancelled))
  }

  func finish(_ outcome: Outcome) {
    let waiting = state.withLock { state in takeContinuation(&state) }
    waiting?.resume(returning: outcome)
  }

  var isCancelled: Bool { state.withLock { $0.cancelled } }

  private func takeContinuation(_ state: inout State) -> CheckedContinuation<Outcome, Never>? {
    guard !state.resolved, let continuation = state.continuation else { return nil }
    state.resolved = true
    state.continuation = nil
    return continuation
  }
}

extension TransferTicket: Sendable {}
