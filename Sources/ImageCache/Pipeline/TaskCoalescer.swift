import Synchronization

/// Runs one job per key however many callers ask for it at once, and hands every caller the result. A caller that
/// leaves stops waiting at once; the job itself is cancelled only when its last waiter has gone, so one impatient
/// caller never spoils the transfer for the others.
///
/// There is one way in, `join`: a caller names the key, how to start the job if none runs (`Start`), and what to
/// call with the result. The job's work settles it with `Job.finish` from whatever thread it ends on, so work that
/// runs by callback (a prefetch's download) needs no task; `task(_:)` adapts async work, and `value(for:)` adapts a
/// caller that awaits.
///
/// Each job runs at the highest priority of the callers waiting for it: its `TransferContext`'s priority follows
/// the waiters as they join, leave or change theirs (a waiter's own context), and its progress reaches every
/// waiter's context.
final class TaskCoalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// Answers one waiter, exactly once: with the job's result, or `CancellationError` when it left first.
  typealias Completion = @Sendable (Result<Value, any Error>) -> Void

  /// Starts a new job's work, outside the coalescer's lock. The work settles the job with `Job.finish` and adds
  /// what stops it to `Job.cancellation`.
  typealias Start = @Sendable (Job) -> Void

  /// A running job, as its work sees it.
  final class Job: Sendable {
    /// What the work runs with: its priority follows the waiters', its progress reaches theirs.
    let context: TransferContext
    /// Stops the work when every waiter has left.
    let cancellation = CancellationBox()
    fileprivate let id: UInt64
    fileprivate let key: Key
    private let coalescer: TaskCoalescer

    fileprivate init(id: UInt64, key: Key, priority: ImageRequest.Priority, coalescer: TaskCoalescer) {
      self.id = id
      self.key = key
      self.context = TransferContext(priority: priority)
      self.coalescer = coalescer
    }

    /// Hands every waiter `result`; nothing if the job was abandoned meanwhile.
    func finish(_ result: Result<Value, any Error>) {
      coalescer.finish(key, job: id, with: result)
    }
  }

  /// A `join` call, for `cancel(_:)`.
  struct Subscription: Sendable {
    fileprivate let waiter: UInt64
    fileprivate let key: Key
  }

  private struct Running {
    let job: Job
    var waiters: [UInt64: Waiting] = [:]

    /// The highest priority of its waiters.
    var priority: ImageRequest.Priority {
      // A closure, not a key path: `\.priority` costs a `swift_getKeyPath` call on every load.
      waiters.values.lazy.map { $0.priority }.max() ?? job.context.priority
    }
  }

  /// One caller of a job: how to answer it, and the priority it waits at.
  private struct Waiting {
    let answer: Completion
    /// The caller's priority when it has no context.
    let fixedPriority: ImageRequest.Priority
    /// The caller's own context: its priority counts, and the job's progress is passed on to it.
    let context: TransferContext?
    /// The caller's priority observation (on `context`) and progress observation (on the job's context).
    var observations: (priority: UInt64, progress: UInt64)?

    var priority: ImageRequest.Priority { context?.priority ?? fixedPriority }
  }

  private struct State {
    var jobs: [Key: Running] = [:]
    var nextID: UInt64 = 0
    /// Orders the priority computations, so that a late one never overwrites a newer one (`TransferContext.update`).
    var priorityVersion: UInt64 = 0
  }

  private let state = Mutex(State())

  /// Waits for `key`'s job, starting it with `start` if none runs. `priority`: the caller's, unless it has a
  /// `context`, whose priority counts instead and which gets the job's progress. `completion` runs exactly once, on
  /// the thread that settles the job, or with `CancellationError` when `cancel(_:)` comes first.
  @discardableResult
  func join(
    _ key: Key, priority: ImageRequest.Priority = .normal, context: TransferContext? = nil, start: Start,
    completion: @escaping Completion
  ) -> Subscription {
    let (waiter, newJob, update) = state.withLock { state in
      state.nextID &+= 1
      let waiter = state.nextID
      let waiting = Waiting(answer: completion, fixedPriority: priority, context: context)
      let (newJob, update) = attach(waiting, as: waiter, for: key, in: &state)
      return (waiter, newJob, update)
    }
    update.apply()
    if let newJob { start(newJob) }
    return Subscription(waiter: waiter, key: key)
  }

  /// `join` for a caller that awaits the value; its task's cancellation leaves the job.
  func value(
    for key: Key, priority: ImageRequest.Priority = .normal, context: TransferContext? = nil, start: Start
  ) async throws -> Value {
    let joined = Joined()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let subscription = join(key, priority: priority, context: context, start: start) {
          continuation.resume(with: $0)
        }
        if joined.set(subscription) { cancel(subscription) }
      }
    } onCancel: {
      if let subscription = joined.leave() { cancel(subscription) }
    }
  }

  /// A `Start` that runs `operation` in a task of its own, with the job's context as `TransferContext.current`.
  static func task(_ operation: @escaping @Sendable () async throws -> Value) -> Start {
    { job in
      let task = Task {
        let result: Result<Value, any Error>
        do {
          result = .success(try await TransferContext.$current.withValue(job.context) { try await operation() })
        } catch {
          result = .failure(error)
        }
        job.finish(result)
      }
      job.cancellation.add { task.cancel() }
    }
  }

  /// Stops waiting (the completion gets `CancellationError` unless it has run already); the job stops when nobody
  /// else waits for it.
  func cancel(_ subscription: Subscription) {
    let key = subscription.key
    let (waiting, abandoned, update) = state.withLock { state -> (Waiting?, Job?, PriorityUpdate?) in
      guard var running = state.jobs[key], let waiting = running.waiters.removeValue(forKey: subscription.waiter)
      else {
        return (nil, nil, nil)  // already answered
      }
      Self.detach(waiting, from: running.job)
      if running.waiters.isEmpty {
        // Nobody is left waiting: stop the work and forget it, so a later caller starts afresh.
        state.jobs[key] = nil
        return (waiting, running.job, nil)
      }
      state.jobs[key] = running
      // The one who left may have been the reason for a high priority.
      return (waiting, nil, priorityUpdate(for: key, in: &state))
    }
    update?.apply()
    waiting?.answer(.failure(CancellationError()))
    abandoned?.cancellation.cancel()
  }

  /// Adds the waiter to the key's job, observing its priority and passing it the job's progress; returns the job
  /// when it is new, for its caller to start, and the job's priority with the waiter counted. The key is looked up
  /// once: its entry is found or made, and changed, in place.
  private func attach(
    _ waiting: Waiting, as waiter: UInt64, for key: Key, in state: inout State
  ) -> (Job?, PriorityUpdate) {
    let newID = state.nextID &+ 1
    var newJob: Job?
    func join(_ entry: inout Running?) -> Running {
      if entry == nil {
        let job = Job(id: newID, key: key, priority: waiting.priority, coalescer: self)
        newJob = job
        entry = Running(job: job)
      }
      let job = entry!.job
      var waiting = waiting
      if let context = waiting.context {
        let jobID = job.id
        waiting.observations = (
          priority: context.observePriority { [weak self] in self?.waiterPriorityChanged(key, job: jobID) },
          progress: job.context.observeProgress { context.report(received: $0, expected: $1) }
        )
      }
      entry!.waiters[waiter] = waiting
      return entry!
    }
    let running = join(&state.jobs[key])
    if newJob != nil { state.nextID = newID }
    return (newJob, Self.priorityUpdate(of: running, in: &state))
  }

  /// Stops the observations `attach` made for `waiting`.
  private static func detach(_ waiting: Waiting, from job: Job) {
    guard let observations = waiting.observations else { return }
    waiting.context?.stopObserving(observations.priority)
    job.context.stopObserving(observations.progress)
  }

  private func waiterPriorityChanged(_ key: Key, job id: UInt64) {
    let update = state.withLock { state -> PriorityUpdate? in
      guard state.jobs[key]?.job.id == id else { return nil }
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
    guard let running = state.jobs[key], !running.waiters.isEmpty else { return nil }
    return Self.priorityUpdate(of: running, in: &state)
  }

  private static func priorityUpdate(of running: Running, in state: inout State) -> PriorityUpdate {
    state.priorityVersion &+= 1
    return PriorityUpdate(context: running.job.context, priority: running.priority, version: state.priorityVersion)
  }

  private func finish(_ key: Key, job id: UInt64, with result: Result<Value, any Error>) {
    let waiters = state.withLock { state -> [Waiting] in
      // A job abandoned by all its waiters may finish after a new job for the same key started.
      guard let index = state.jobs.index(forKey: key), state.jobs.values[index].job.id == id else { return [] }
      let running = state.jobs.remove(at: index).value
      for waiting in running.waiters.values { Self.detach(waiting, from: running.job) }
      return Array(running.waiters.values)
    }
    for waiting in waiters { waiting.answer(result) }
  }

  /// An awaiting caller's subscription, which its cancellation handler may ask for before `join` has returned it.
  private final class Joined: Sendable {
    private let state = Mutex<(subscription: Subscription?, left: Bool)>((nil, false))

    /// Keeps `subscription`; true when the caller has already left, so it is to be cancelled now.
    func set(_ subscription: Subscription) -> Bool {
      state.withLock { state in
        state.subscription = subscription
        return state.left
      }
    }

    /// Marks the caller gone; the subscription to cancel, if `join` has returned it.
    func leave() -> Subscription? {
      state.withLock { state in
        state.left = true
        return state.subscription
      }
    }
  }
}

// Test hooks: debug builds only, so the release module does not ship them (`scripts/check-no-test-hooks`).
#if DEBUG
  extension TaskCoalescer {
    /// How many jobs are running.
    var inFlight: Int { state.withLock { $0.jobs.count } }

    /// Callers waiting for `key`'s job.
    func waiterCount(for key: Key) -> Int { state.withLock { $0.jobs[key]?.waiters.count ?? 0 } }

    /// The priority `key`'s job runs at.
    func priority(for key: Key) -> ImageRequest.Priority? { state.withLock { $0.jobs[key]?.job.context.priority } }
  }
#endif
