import DequeModule
import FoundationEssentials
import Synchronization

/// Progress of a prefetch, reported after every URL settles.
public struct PrefetchProgress {
  /// URLs in the prefetch.
  public var total: Int
  /// URLs settled so far, failed ones included.
  public var completed: Int
  /// URLs that failed so far.
  public var failed: Int
  /// Bytes that came over the network so far.
  public var bytesDownloaded: Int
  /// Time since the prefetch started.
  public var elapsed: Duration
}

/// What a prefetch did, URL by URL summed up.
public struct PrefetchReport: Codable, Equatable {
  /// One URL that failed, and why.
  public struct Failure: Codable, Equatable {
    /// The URL, without its query (it may carry keys).
    public var url: String
    /// What went wrong, in one line.
    public var message: String

    /// A failure of `url` with `message`.
    public init(url: String, message: String) {
      self.url = url
      self.message = message
    }
  }

  /// URLs asked for.
  public var total = 0
  /// URLs whose bytes came over the network.
  public var fetched = 0
  /// Answered by memory or disk without asking the network.
  public var alreadyFresh = 0
  /// Stale copies the server confirmed with 304 Not Modified.
  public var revalidated = 0
  /// Served from a stale copy because the network failed.
  public var stale = 0
  /// URLs that failed.
  public var failed = 0
  /// Body bytes received.
  public var bytesDownloaded = 0
  /// How long the prefetch took.
  public var seconds = 0.0
  /// Whether the prefetch was cancelled before every URL settled.
  public var cancelled = false
  /// Each failed URL and why.
  public var failures: [Failure] = []
}

extension ImageManager {
  /// Fetches and stores `urls` (duplicates once), at most `maxInFlight` at a time, without keeping pixels in
  /// memory. Stops launching new work when the calling task is cancelled; what finished stays cached. Its transfers
  /// wait at low priority: an image asked for meanwhile at normal priority or higher overtakes the queued ones.
  ///
  /// Each URL is the same coalesced job `data(for:)` would join, and the prefetch waits for it by callback rather
  /// than with a task of its own. A URL the disk probe found absent downloads without a task at all where the
  /// manager can (`subscribeByCallback`): 16.5 ms less CPU and 10.6 ms less wall time for 500 new thumbnails
  /// (BENCHMARKS.md). One it found stale, with its file in place, is revalidated the same way, and a 304 does not
  /// rewrite its bytes. The probe does read them, once, to run the structure check, since a 304 may only confirm a
  /// copy that checks out; before that check, skipping the read made 500 stale thumbnails take 53 ms instead of 135.
  public func prefetch(
    _ urls: [URL], maxInFlight: Int = 32, progress: (@Sendable (PrefetchProgress) -> Void)? = nil
  ) async -> PrefetchReport {
    var seen = Set<URL>()
    let unique = urls.filter { seen.insert($0).inserted }
    let keys = unique.map(cacheKey(for:))
    let run = PrefetchRun(
      manager: self, urls: unique, keys: keys, maxInFlight: max(1, maxInFlight), progress: progress)
    await withTaskCancellationHandler {
      var probedUpTo = 0
      // Probe the disk a batch ahead of the transfers: one hop to the blocking queue per batch, not per URL.
      while probedUpTo < unique.count, await run.wantsMore() {
        let end = min(unique.count, probedUpTo + Self.diskProbeBatch)
        run.add(probedUpTo..<end, await probeDisk(keys[probedUpTo..<end]))
        probedUpTo = end
      }
      await run.settledAll()
    } onCancel: {
      run.cancel()
    }
    var report = run.report
    report.cancelled =
      Task.isCancelled
      && report.fetched + report.alreadyFresh + report.revalidated + report.stale
        + report.failed < report.total
    let elapsed = ContinuousClock.now - run.started
    report.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return report
  }

  /// URLs probed against the disk tier in one go before they are launched.
  static let diskProbeBatch = 64

  /// What the disk tier knows of these keys, in one hop to the blocking queue for the batch instead of one lookup
  /// each. On any error nothing is known and each URL is looked up, and fails, on its own.
  fileprivate func probeDisk(_ keys: ArraySlice<String>) async -> DiskProbe {
    guard let disk else { return DiskProbe() }
    let keys = Array(keys)
    let now = clock()
    let (decoder, limits) = (self.decoder, self.limits)
    return
      (try? await BlockingIO.run { () throws(DiskCacheError) in
        try disk.probe(keys, freshAt: now) { bytes in (try? decoder.validate(bytes, limits: limits)) != nil }
      }) ?? DiskProbe()
  }
}

/// One prefetch in progress: the URLs probed and waiting to start, the ones started, and the report so far.
///
/// URLs start from whichever thread settles the one before (the task that finished it), so the prefetch's own task
/// wakes only to probe the next batch and at the end.
private final class PrefetchRun: Sendable {
  typealias Subscription = TaskCoalescer<URL, DataResult>.Subscription

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
    var knownAbsent = false
    var knownStale: DiskEntry?
  }

  /// Takes a probed batch: fresh entries settle on the spot, the rest wait their turn.
  func add(_ indices: Range<Int>, _ probe: DiskProbe) {
    var probe = probe
    for index in indices {
      if probe.fresh.remove(keys[index]) != nil {
        record(index, nil)
      } else {
        let probed = Probed(
          index: index, knownAbsent: probe.absent.remove(keys[index]) != nil,
          knownStale: probe.stale.removeValue(forKey: keys[index]))
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
      let subscription =
        next.knownAbsent || next.knownStale != nil
        ? manager.subscribeByCallback(
          url, key: key, revalidating: next.knownStale, priority: .low, completion: settled)
        : manager.subscribeToData(
          url, key: key, validation: .structure, knownAbsent: false, priority: .low, completion: settled)
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

extension PrefetchReport {
  mutating func record(_ url: URL, _ outcome: Result<DataResult, ImageManagerError>) {
    switch outcome {
    case .success(let result):
      switch result.tier {
      case .network:
        fetched += 1
        bytesDownloaded += result.bytes.count
      case .revalidated: revalidated += 1
      case .memory: alreadyFresh += 1
      case .disk where !result.isStale: alreadyFresh += 1
      case .disk: stale += 1
      }
    case .failure(.cancelled):
      cancelled = true
    case .failure(let error):
      failed += 1
      failures.append(Failure(url: ImageManagerError.redacted(url), message: error.description))
    }
  }
}

extension PrefetchProgress: Sendable {}
extension PrefetchReport: Sendable {}
extension PrefetchReport.Failure: Sendable {}
