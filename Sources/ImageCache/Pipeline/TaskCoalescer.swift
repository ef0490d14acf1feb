import Synchronization

/// Runs one operation per key however many callers ask for it at once, and hands every caller the result.
/// A caller that cancels stops waiting at once; the operation itself is cancelled only when its last
/// waiter has gone, so one impatient caller never spoils the transfer for the others.
final class TaskCoalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Job {
    let id: UInt64
    var task: Task<Void, Never>?
    /// For a job its caller runs without a task (`beginExternal`): what stops it.
    var onAbandon: (@Sendable () -> Void)?
    var waiters: [UInt64: Waiter] = [:]
  }

  /// A job registered by `beginExternal`, for `finish(_:with:)`.
  struct ExternalJob: Sendable {
    fileprivate let id: UInt64
    fileprivate let key: Key
  }

  /// Resumes a caller suspended in `value(for:)`, or calls back one with no task of its own waiting (`subscribe`): a
  /// prefetch of hundreds of URLs would otherwise resume a task of its own for every one.
  private typealias Waiter = @Sendable (Result<Value, any Error>) -> Void

  /// A `subscribe` call, for `cancel(_:)`.
  struct Subscription: Sendable {
    fileprivate let waiter: UInt64
    fileprivate let key: Key
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

  /// Callers waiting for `key`'s job now (for tests).
  func waiterCount(for key: Key) -> Int { state.withLock { $0.jobs[key]?.waiters.count ?? 0 } }

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

  /// Like `value(for:operation:)`, for a caller with no task to suspend: `completion` runs exactly once, on the
  /// thread that finishes the operation, with its result, or with `CancellationError` when `cancel(_:)` comes first.
  func subscribe(
    for key: Key, operation: @escaping @Sendable () async throws -> Value,
    completion: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) -> Subscription {
    let (waiter, newJob) = state.withLock { state in
      state.nextID &+= 1
      let waiter = state.nextID
      return (waiter, attach(completion, as: waiter, for: key, in: &state))
    }
    if let newJob { start(newJob, for: key, operation: operation) }
    return Subscription(waiter: waiter, key: key)
  }

  /// Registers work on `key` that the caller runs itself, without a task, and subscribes `completion` to it; nil
  /// (and nothing registered) if a job for `key` is already running, which the caller should then `subscribe` to.
  /// Later callers for `key` join the job as usual; `onAbandon` runs if every waiter leaves before `finish`.
  func beginExternal(
    for key: Key, onAbandon: @escaping @Sendable () -> Void,
    completion: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) -> (Subscription, ExternalJob)? {
    state.withLock { state in
      guard state.jobs[key] == nil else { return nil }
      state.nextID &+= 1
      let waiter = state.nextID
      let id = attach(completion, as: waiter, for: key, in: &state)!
      state.jobs[key]!.onAbandon = onAbandon
      return (Subscription(waiter: waiter, key: key), ExternalJob(id: id, key: key))
    }
  }

  /// Hands every waiter of a job begun with `beginExternal` its result.
  func finish(_ job: ExternalJob, with result: Result<Value, any Error>) {
    finish(job.key, job: job.id, with: result)
  }

  /// Stops waiting for a `subscribe` call (its completion gets `CancellationError` unless it has run already).
  func cancel(_ subscription: Subscription) {
    cancel(subscription.waiter, for: subscription.key)
  }

  private func register(
    _ waiter: UInt64, _ continuation: CheckedContinuation<Value, any Error>, for key: Key,
    operation: @escaping @Sendable () async throws -> Value
  ) {
    let (cancelled, newJob) = state.withLock { state -> (Bool, UInt64?) in
      state.unregistered.remove(waiter)
      if state.cancelledEarly.remove(waiter) != nil { return (true, nil) }
      return (false, attach({ continuation.resume(with: $0) }, as: waiter, for: key, in: &state))
    }
    if let newJob { start(newJob, for: key, operation: operation) }
    if cancelled { continuation.resume(throwing: CancellationError()) }
  }

  /// Adds the waiter to the key's job; returns the id of a new job when there was none, for `start`.
  private func attach(_ waiting: @escaping Waiter, as waiter: UInt64, for key: Key, in state: inout State) -> UInt64? {
    var newJob: UInt64?
    if state.jobs[key] == nil {
      state.nextID &+= 1
      newJob = state.nextID
      state.jobs[key] = Job(id: state.nextID)
    }
    state.jobs[key]!.waiters[waiter] = waiting
    return newJob
  }

  /// Runs a job registered by `attach`. Its task is made outside the lock: making and scheduling a task (which may
  /// wake a thread) while holding it made every other caller, and every finishing job, wait on it.
  private func start(_ id: UInt64, for key: Key, operation: @escaping @Sendable () async throws -> Value) {
    let task = Task { [weak self] in
      let result: Result<Value, any Error>
      do { result = .success(try await operation()) } catch { result = .failure(error) }
      self?.finish(key, job: id, with: result)
    }
    let abandoned = state.withLock { state -> Bool in
      // Every waiter may have cancelled, and even a new job started, before the task existed.
      guard state.jobs[key]?.id == id else { return true }
      state.jobs[key]!.task = task
      return false
    }
    if abandoned { task.cancel() }
  }

  private func cancel(_ waiter: UInt64, for key: Key) {
    let (waiting, abandoned) = state.withLock { state -> (Waiter?, Job?) in
      if state.unregistered.contains(waiter) {
        state.cancelledEarly.insert(waiter)
        return (nil, nil)
      }
      guard var job = state.jobs[key], let waiting = job.waiters.removeValue(forKey: waiter) else {
        return (nil, nil)  // already answered
      }
      if job.waiters.isEmpty {
        // Nobody is left waiting: stop the work and forget it, so a later caller starts afresh.
        state.jobs[key] = nil
        return (waiting, job)
      }
      state.jobs[key] = job
      return (waiting, nil)
    }
    waiting?(.failure(CancellationError()))
    abandoned?.task?.cancel()
    abandoned?.onAbandon?()
  }

  private func finish(_ key: Key, job id: UInt64, with result: Result<Value, any Error>) {
    let waiters = state.withLock { state -> [Waiter] in
      // A job abandoned by all its waiters may finish after a new job for the same key started.
      guard let job = state.jobs[key], job.id == id else { return [] }
      state.jobs[key] = nil
      return Array(job.waiters.values)
    }
    for waiter in waiters { waiter(result) }
  }
}
