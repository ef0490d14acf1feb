import Synchronization

/// Runs one operation per key however many callers ask for it at once, and hands every caller the result.
/// A caller that cancels stops waiting at once; the operation itself is cancelled only when its last
/// waiter has gone, so one impatient caller never spoils the transfer for the others.
final class TaskCoalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Job {
    let id: UInt64
    var task: Task<Void, Never>?
    var waiters: [UInt64: CheckedContinuation<Value, any Error>] = [:]
  }

  private struct State {
    var jobs: [Key: Job] = [:]
    var nextID: UInt64 = 0
    /// Waiters that have an id but no continuation yet.
    var unregistered: Set<UInt64> = []
    /// Of those, the ones whose cancellation arrived before they were registered.
    var cancelledEarly: Set<UInt64> = []
  }

  private let state = Mutex(State())

  /// How many operations are running now (for tests and metrics).
  var inFlight: Int { state.withLock { $0.jobs.count } }

  func value(
    for key: Key, operation: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let waiter = state.withLock { state in
      state.nextID &+= 1
      state.unregistered.insert(state.nextID)
      return state.nextID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        register(waiter, continuation, for: key, operation: operation)
      }
    } onCancel: {
      cancel(waiter, for: key)
    }
  }

  private func register(
    _ waiter: UInt64, _ continuation: CheckedContinuation<Value, any Error>, for key: Key,
    operation: @escaping @Sendable () async throws -> Value
  ) {
    let cancelled = state.withLock { state -> Bool in
      state.unregistered.remove(waiter)
      if state.cancelledEarly.remove(waiter) != nil { return true }
      if state.jobs[key] == nil {
        state.nextID &+= 1
        let id = state.nextID
        var job = Job(id: id)
        job.task = Task { [weak self] in
          let result: Result<Value, any Error>
          do { result = .success(try await operation()) } catch { result = .failure(error) }
          self?.finish(key, job: id, with: result)
        }
        state.jobs[key] = job
      }
      state.jobs[key]!.waiters[waiter] = continuation
      return false
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
  }

  private func cancel(_ waiter: UInt64, for key: Key) {
    let (continuation, task) = state.withLock {
      state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?) in
      if state.unregistered.contains(waiter) {
        state.cancelledEarly.insert(waiter)
        return (nil, nil)
      }
      guard var job = state.jobs[key], let continuation = job.waiters.removeValue(forKey: waiter) else {
        return (nil, nil)  // already answered
      }
      if job.waiters.isEmpty {
        // Nobody is left waiting: stop the work and forget it, so a later caller starts afresh.
        state.jobs[key] = nil
        return (continuation, job.task)
      }
      state.jobs[key] = job
      return (continuation, nil)
    }
    continuation?.resume(throwing: CancellationError())
    task?.cancel()
  }

  private func finish(_ key: Key, job id: UInt64, with result: Result<Value, any Error>) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
      // A job abandoned by all its waiters may finish after a new job for the same key started.
      guard let job = state.jobs[key], job.id == id else { return [] }
      state.jobs[key] = nil
      return Array(job.waiters.values)
    }
    for waiter in waiters { waiter.resume(with: result) }
  }
}
