import Synchronization

/// Runs one operation per key however many callers ask for it at once, and hands every caller the result.
/// A caller that cancels stops waiting at once; the operation itself is cancelled only when its last
/// waiter has gone, so one impatient caller never spoils the transfer for the others.
///
/// Each job runs at the highest priority of the callers waiting for it: its operation runs with the job's
/// `TransferContext` as `TransferContext.current`, whose priority follows the waiters as they join, leave or change
/// theirs (a waiter's own context), and whose progress reaches every waiter's context.
final class TaskCoalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Job {
    let id: UInt64
    let context: TransferContext
    var task: Task<Void, Never>?
    /// For a job its caller runs without a task (`beginExternal`): what stops it.
    var onAbandon: (@Sendable () -> Void)?
    var waiters: [UInt64: Waiting] = [:]

    /// The highest priority of its waiters.
    var priority: ImageRequest.Priority {
      // A closure, not a key path: `\.priority` costs a `swift_getKeyPath` call on every load.
      waiters.values.lazy.map { $0.priority }.max() ?? context.priority
    }
  }

  /// One caller of a job: how to answer it, and the priority it waits at.
  private struct Waiting {
    let answer: Waiter
    /// The caller's priority when it has no context, or when its context is not consulted.
    let fixedPriority: ImageRequest.Priority
    /// The caller's own context: its priority counts, and the job's progress is passed on to it.
    let context: TransferContext?
    /// The caller's priority observation (on `context`) and progress observation (on the job's context).
    var observations: (priority: UInt64, progress: UInt64)?

    var priority: ImageRequest.Priority { context?.priority ?? fixedPriority }
  }

  /// A job registered by `beginExternal`, for `finish(_:with:)`.
  struct ExternalJob: Sendable {
    fileprivate let id: UInt64
    fileprivate let key: Key
    /// What the caller runs the job with: its priority follows the waiters', its progress reaches theirs.
    let context: TransferContext
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
    /// Orders the priority computations, so that a late one never overwrites a newer one (`TransferContext.update`).
    var priorityVersion: UInt64 = 0
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

  /// `priority`: the caller's, unless it has a `context`, whose priority counts instead and which gets the job's
  /// progress.
  func value(
    for key: Key, priority: ImageRequest.Priority = .normal, context: TransferContext? = nil,
    operation: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let waiter = state.withLock { state in
      state.nextID &+= 1
      state.unregistered.insert(state.nextID)
      return state.nextID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let waiting = Waiting(
          answer: { continuation.resume(with: $0) }, fixedPriority: priority, context: context)
        register(waiter, waiting, for: key, operation: operation)
      }
    } onCancel: {
      cancel(waiter, for: key)
    }
  }

  /// Like `value(for:operation:)`, for a caller with no task to suspend: `completion` runs exactly once, on the
  /// thread that finishes the operation, with its result, or with `CancellationError` when `cancel(_:)` comes first.
  func subscribe(
    for key: Key, priority: ImageRequest.Priority = .normal, operation: @escaping @Sendable () async throws -> Value,
    completion: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) -> Subscription {
    let (waiter, newJob, update) = state.withLock { state in
      state.nextID &+= 1
      let waiter = state.nextID
      let waiting = Waiting(answer: completion, fixedPriority: priority, context: nil)
      let newJob = attach(waiting, as: waiter, for: key, in: &state)
      return (waiter, newJob, priorityUpdate(for: key, in: &state))
    }
    update?.apply()
    if let newJob { start(newJob, for: key, operation: operation) }
    return Subscription(waiter: waiter, key: key)
  }

  /// Registers work on `key` that the caller runs itself, without a task, and subscribes `completion` to it; nil
  /// (and nothing registered) if a job for `key` is already running, which the caller should then `subscribe` to.
  /// Later callers for `key` join the job as usual; `onAbandon` runs if every waiter leaves before `finish`.
  func beginExternal(
    for key: Key, priority: ImageRequest.Priority = .normal, onAbandon: @escaping @Sendable () -> Void,
    completion: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) -> (Subscription, ExternalJob)? {
    state.withLock { state in
      guard state.jobs[key] == nil else { return nil }
      state.nextID &+= 1
      let waiter = state.nextID
      let waiting = Waiting(answer: completion, fixedPriority: priority, context: nil)
      let newJob = attach(waiting, as: waiter, for: key, in: &state)!
      state.jobs[key]!.onAbandon = onAbandon
      let job = ExternalJob(id: newJob.id, key: key, context: newJob.context)
      return (Subscription(waiter: waiter, key: key), job)
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

  /// The priority `key`'s job runs at now (for tests).
  func priority(for key: Key) -> ImageRequest.Priority? { state.withLock { $0.jobs[key]?.context.priority } }

  private func register(
    _ waiter: UInt64, _ waiting: Waiting, for key: Key, operation: @escaping @Sendable () async throws -> Value
  ) {
    let (cancelled, newJob, update) = state.withLock { state -> (Bool, NewJob?, PriorityUpdate?) in
      state.unregistered.remove(waiter)
      if state.cancelledEarly.remove(waiter) != nil { return (true, nil, nil) }
      let newJob = attach(waiting, as: waiter, for: key, in: &state)
      return (false, newJob, priorityUpdate(for: key, in: &state))
    }
    update?.apply()
    if let newJob { start(newJob, for: key, operation: operation) }
    if cancelled { waiting.answer(.failure(CancellationError())) }
  }

  /// Adds the waiter to the key's job, observing its priority and passing it the job's progress; returns the id of a
  /// new job when there was none, for `start`.
  private func attach(_ waiting: Waiting, as waiter: UInt64, for key: Key, in state: inout State) -> NewJob? {
    var newJob: NewJob?
    if state.jobs[key] == nil {
      state.nextID &+= 1
      let job = Job(id: state.nextID, context: TransferContext(priority: waiting.priority))
      newJob = NewJob(id: job.id, context: job.context)
      state.jobs[key] = job
    }
    var waiting = waiting
    if let context = waiting.context, let job = state.jobs[key] {
      let jobID = job.id
      waiting.observations = (
        priority: context.observePriority { [weak self] in self?.waiterPriorityChanged(key, job: jobID) },
        progress: job.context.observeProgress { context.report(received: $0, expected: $1) }
      )
    }
    state.jobs[key]!.waiters[waiter] = waiting
    return newJob
  }

  /// A job `attach` made, for `start`.
  private struct NewJob {
    let id: UInt64
    let context: TransferContext
  }

  /// Stops the observations `attach` made for `waiting`.
  private static func detach(_ waiting: Waiting, from job: Job) {
    guard let observations = waiting.observations else { return }
    waiting.context?.stopObserving(observations.priority)
    job.context.stopObserving(observations.progress)
  }

  private func waiterPriorityChanged(_ key: Key, job id: UInt64) {
    let update = state.withLock { state -> PriorityUpdate? in
      guard state.jobs[key]?.id == id else { return nil }
      return priorityUpdate(for: key, in: &state)
    }
    update?.apply()
  }

  /// A job's priority as its waiters have it now, to be applied outside the lock (its observers run then).
  private struct PriorityUpdate {
    let context: TransferContext
    let priority: ImageRequest.Priority
    let version: UInt64

    func apply() { context.update(priority: priority, version: version) }
  }

  private func priorityUpdate(for key: Key, in state: inout State) -> PriorityUpdate? {
    guard let job = state.jobs[key], !job.waiters.isEmpty else { return nil }
    state.priorityVersion &+= 1
    return PriorityUpdate(context: job.context, priority: job.priority, version: state.priorityVersion)
  }

  /// Runs a job registered by `attach`, with its context as `TransferContext.current`. Its task is made outside the
  /// lock: making and scheduling a task (which may wake a thread) while holding it made every other caller, and
  /// every finishing job, wait on it.
  private func start(_ job: NewJob, for key: Key, operation: @escaping @Sendable () async throws -> Value) {
    let id = job.id
    let task = Task { [weak self, context = job.context] in
      let result: Result<Value, any Error>
      do {
        result = .success(try await TransferContext.$current.withValue(context) { try await operation() })
      } catch {
        result = .failure(error)
      }
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
    let (waiting, abandoned, update) = state.withLock { state -> (Waiting?, Job?, PriorityUpdate?) in
      if state.unregistered.contains(waiter) {
        state.cancelledEarly.insert(waiter)
        return (nil, nil, nil)
      }
      guard var job = state.jobs[key], let waiting = job.waiters.removeValue(forKey: waiter) else {
        return (nil, nil, nil)  // already answered
      }
      Self.detach(waiting, from: job)
      if job.waiters.isEmpty {
        // Nobody is left waiting: stop the work and forget it, so a later caller starts afresh.
        state.jobs[key] = nil
        return (waiting, job, nil)
      }
      state.jobs[key] = job
      // The one who left may have been the reason for a high priority.
      return (waiting, nil, priorityUpdate(for: key, in: &state))
    }
    update?.apply()
    waiting?.answer(.failure(CancellationError()))
    abandoned?.task?.cancel()
    abandoned?.onAbandon?()
  }

  private func finish(_ key: Key, job id: UInt64, with result: Result<Value, any Error>) {
    let waiters = state.withLock { state -> [Waiting] in
      // A job abandoned by all its waiters may finish after a new job for the same key started.
      guard let job = state.jobs[key], job.id == id else { return [] }
      state.jobs[key] = nil
      for waiting in job.waiters.values { Self.detach(waiting, from: job) }
      return Array(job.waiters.values)
    }
    for waiting in waiters { waiting.answer(result) }
  }
}
