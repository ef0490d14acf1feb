import DequeModule
import FoundationEssentials
import Synchronization

/// One prefetch in progress: the URLs probed and waiting to start, the ones started, and the report so far.
///
/// URLs start from whichever thread settles the one before (the task that finished it), so the prefetch's own task
/// wakes only to probe the next batch and at the end.
final class PrefetchRun: Sendable {
  typealias Subscription = TaskCoalescer<LoadJobKey, DataResult>.Subscription

  private struct State {
    /// Probed, not started: the URL's index, and what the probe found: no entry, a stale one, or nothing sure.
    var ready = Deque<Probed>()
    /// Started and not settled; nil while the subscription is being made.
    var started: [Int: Subscription?] = [:]
    var report = PrefetchReport()
    var completed = 0
    var cancelled = false
    var allAdded = false
    /// The prefetch's task, waiting for room to probe more (`wantsMore`) or for the end (`settledAll`).
    var wantsMore: CheckedContinuation<Bool, Never>?
    var done: CheckedContinuation<Void, Never>?

    var isFinished: Bool { allAdded && started.isEmpty && (ready.isEmpty || cancelled) }
  }

  let started = ContinuousClock.now
  private let manager: ImageManager
  private let urls: [URL]
  private let keys: [String]
  private let maxInFlight: Int
  private let progress: (@Sendable (PrefetchProgress) -> Void)?
  private let state: Mutex<State>
  /// Held while a settled URL is counted and reported, so progress reaches the callback one URL at a time and in
  /// order. Separate from `state`: the callback may cancel the prefetch, which takes `state`.
  private let reporting = Mutex(())

  init(
    manager: ImageManager, urls: [URL], keys: [String], maxInFlight: Int,
    progress: (@Sendable (PrefetchProgress) -> Void)?
  ) {
    self.manager = manager
    self.urls = urls
    self.keys = keys
    self.maxInFlight = maxInFlight
    self.progress = progress
    var state = State()
    state.report.total = urls.count
    self.state = Mutex(state)
  }

  var report: PrefetchReport { state.withLock { $0.report } }

  /// Whether to probe another batch: at once while fewer than a transfer window of URLs wait to start, else once
  /// enough have started; false when cancelled.
  func wantsMore() async -> Bool {
    if let answer = state.withLock({ Self.wantsMore($0, window: maxInFlight) }) { return answer }
    return await withCheckedContinuation { waiter in
      let answer = state.withLock { state -> Bool? in
        guard let answer = Self.wantsMore(state, window: maxInFlight) else {
          state.wantsMore = waiter
          return nil
        }
        return answer
      }
      if let answer { waiter.resume(returning: answer) }
    }
  }

  private static func wantsMore(_ state: State, window: Int) -> Bool? {
    if state.cancelled { return false }
    return state.ready.count < window ? true : nil
  }

  /// A probed URL waiting to start.
  private struct Probed {
    var index: Int
    /// What the probe found, when the URL needs the network; nil when the probe left it to a lookup.
    var entry: ProbedEntry?
  }

  /// Takes a probed batch: fresh entries settle on the spot, the rest wait their turn.
  func add(_ indices: Range<Int>, _ probe: DiskProbe) {
    var probe = probe
    for index in indices {
      if probe.fresh.remove(keys[index]) != nil {
        record(index, nil)
      } else {
        let entry: ProbedEntry? =
          probe.absent.remove(keys[index]) != nil
          ? .absent : probe.stale.removeValue(forKey: keys[index]).map(ProbedEntry.stale)
        let probed = Probed(index: index, entry: entry)
        state.withLock { $0.ready.append(probed) }
      }
    }
    startWaiting()
  }

  /// Resumes when every started URL has settled (and, unless cancelled, every added one has started).
  func settledAll() async {
    if state.withLock({ state in
      state.allAdded = true
      return state.isFinished
    }) {
      return
    }
    await withCheckedContinuation { waiter in
      let finished = state.withLock { state in
        if state.isFinished { return true }
        state.done = waiter
        return false
      }
      if finished { waiter.resume() }
    }
  }

  /// Starts no more URLs and gives up waiting for the started ones (their transfers stop unless another caller
  /// still waits for them).
  func cancel() {
    let (subscriptions, wantsMore, done) = state.withLock { state in
      state.cancelled = true
      state.ready.removeAll()
      defer {
        state.wantsMore = nil
        if state.isFinished { state.done = nil }
      }
      return (state.started.values.compactMap { $0 }, state.wantsMore, state.isFinished ? state.done : nil)
    }
    wantsMore?.resume(returning: false)
    done?.resume()
    for subscription in subscriptions { manager.cancelDataSubscription(subscription) }
  }

  /// Starts waiting URLs while there is room, and wakes the prefetch's task to probe more once few are left.
  private func startWaiting() {
    while true {
      let (next, wantsMore) = state.withLock { state -> (Probed?, CheckedContinuation<Bool, Never>?) in
        guard !state.cancelled, state.started.count < maxInFlight, let next = state.ready.popFirst() else {
          return (nil, nil)
        }
        state.started[next.index] = .some(nil)
        guard state.wantsMore != nil, Self.wantsMore(state, window: maxInFlight) == true else { return (next, nil) }
        defer { state.wantsMore = nil }
        return (next, state.wantsMore)
      }
      wantsMore?.resume(returning: true)
      guard let next else { return }
      let url = urls[next.index]
      let key = keys[next.index]
      let settled = { @Sendable [self] (result: Result<DataResult, ImageManagerError>) in settle(next.index, result) }
      let subscription = manager.subscribeToData(
        url, key: key, probed: next.entry, priority: .low, completion: settled)
      let cancelNow = state.withLock { state -> Bool in
        guard state.started.index(forKey: next.index) != nil else { return false }  // settled already
        state.started[next.index] = subscription
        return state.cancelled
      }
      if cancelNow { manager.cancelDataSubscription(subscription) }
    }
  }

  private func settle(_ index: Int, _ result: Result<DataResult, ImageManagerError>) {
    // What `data(for:)` would throw: bytes that could not be stored are a failure for a prefetch.
    let outcome = result.flatMap { result in result.storeError.map { .failure(.disk($0)) } ?? .success(result) }
    record(index, outcome)
  }

  /// Counts and reports a settled URL (`outcome` nil: fresh on disk), then fills its slot.
  private func record(_ index: Int, _ outcome: Result<DataResult, ImageManagerError>?) {
    let done = reporting.withLock { _ in
      let (snapshot, done) = state.withLock { state in
        state.started.removeValue(forKey: index)
        if let outcome { state.report.record(urls[index], outcome) } else { state.report.alreadyFresh += 1 }
        state.completed += 1
        let done = state.isFinished ? state.done : nil
        if done != nil { state.done = nil }
        let snapshot = PrefetchProgress(
          total: urls.count, completed: state.completed, failed: state.report.failed,
          bytesDownloaded: state.report.bytesDownloaded, elapsed: ContinuousClock.now - started)
        return (snapshot, done)
      }
      progress?(snapshot)
      return done
    }
    if outcome != nil { startWaiting() }  // a fresh entry's batch starts its URLs once it is all added
    done?.resume()
  }
}
