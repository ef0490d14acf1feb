import Foundation

/// Progress of a prefetch, reported after every URL settles.
public struct PrefetchProgress {
  public var total: Int
  public var completed: Int
  public var failed: Int
  /// Bytes that came over the network so far.
  public var bytesDownloaded: Int
  public var elapsed: Duration
}

/// What a prefetch did, URL by URL summed up.
public struct PrefetchReport: Codable, Equatable {
  public struct Failure: Codable, Equatable {
    public var url: String
    public var message: String

    public init(url: String, message: String) {
      self.url = url
      self.message = message
    }
  }

  public var total = 0
  public var fetched = 0
  /// Answered by memory or disk without asking the network.
  public var alreadyFresh = 0
  public var revalidated = 0
  /// Served from a stale copy because the network failed.
  public var stale = 0
  public var failed = 0
  public var bytesDownloaded = 0
  public var seconds = 0.0
  public var cancelled = false
  public var failures: [Failure] = []
}

extension ImageManager {
  /// Fetches and stores `urls` (duplicates once), at most `maxInFlight` at a time, without keeping pixels in
  /// memory. Stops launching new work when the calling task is cancelled; what finished stays cached.
  public func prefetch(
    _ urls: [URL], maxInFlight: Int = 32, progress: (@Sendable (PrefetchProgress) -> Void)? = nil
  ) async -> PrefetchReport {
    var seen = Set<URL>()
    let unique = urls.filter { seen.insert($0).inserted }
    let started = ContinuousClock.now
    var report = PrefetchReport()
    report.total = unique.count
    let keys = unique.map(CacheKey.make(for:))

    await withTaskGroup(of: (URL, Result<DataResult, ImageManagerError>).self) { group in
      var nextIndex = 0
      // What a batch probe found for keys[..<probedUpTo] (misses and hits already counted by the disk tier).
      var probe = DiskProbe()
      var probedUpTo = 0
      var completed = 0
      func settled() {
        completed += 1
        progress?(
          PrefetchProgress(
            total: unique.count, completed: completed, failed: report.failed,
            bytesDownloaded: report.bytesDownloaded, elapsed: ContinuousClock.now - started))
      }
      /// Starts the next URL that needs work; a fresh disk entry settles on the spot, without a task.
      func launch() async -> Bool {
        while !Task.isCancelled, nextIndex < unique.count {
          if nextIndex == probedUpTo {
            probedUpTo = min(unique.count, nextIndex + Self.diskProbeBatch)
            probe = await probeDisk(keys[nextIndex..<probedUpTo])
          }
          let url = unique[nextIndex]
          let key = keys[nextIndex]
          nextIndex += 1
          if probe.fresh.remove(key) != nil {
            report.alreadyFresh += 1
            settled()
            continue
          }
          let knownAbsent = probe.absent.remove(key) != nil
          // No do/catch in this closure: see `prefetchOne`.
          group.addTask { await self.prefetchOne(url, key: key, knownAbsent: knownAbsent) }
          return true
        }
        return false
      }
      for _ in 0..<max(1, maxInFlight) {
        guard await launch() else { break }
      }
      while let (url, outcome) = await group.next() {
        report.record(url, outcome)
        settled()
        _ = await launch()
      }
    }
    report.cancelled =
      Task.isCancelled
      && report.fetched + report.alreadyFresh + report.revalidated + report.stale
        + report.failed < report.total
    let elapsed = ContinuousClock.now - started
    report.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return report
  }
}

extension ImageManager {
  /// One URL of a prefetch, as its child task's result.
  ///
  /// A function of its own, kept out of line, on purpose: Swift 6.3.1 with optimisation miscompiles a task closure
  /// that returns a value built from its captures inside a do/catch around `try await` (the task's result comes
  /// back corrupt: here the group lost its children's results and the process died with "pure virtual method
  /// called" in the runtime's completeFuture, or SIGSEGV). Debug builds are fine. RELIABILITY.md (fix 9) has a
  /// 19-line reproduction; scripts/smoke-release runs a release warm to catch a relapse.
  @inline(never)
  fileprivate func prefetchOne(_ url: URL, key: String, knownAbsent: Bool) async -> (
    URL, Result<DataResult, ImageManagerError>
  ) {
    do throws(ImageManagerError) {
      return (url, .success(try await data(for: url, key: key, knownAbsent: knownAbsent)))
    } catch {
      return (url, .failure(error))
    }
  }

  /// URLs probed against the disk tier in one go before they are launched.
  static let diskProbeBatch = 64

  /// What the disk tier knows of these keys, in one hop to the blocking queue for the batch instead of one lookup
  /// each. On any error nothing is known and each URL is looked up, and fails, on its own.
  fileprivate func probeDisk(_ keys: ArraySlice<String>) async -> DiskProbe {
    guard let disk else { return DiskProbe() }
    let keys = Array(keys)
    let now = clock()
    return (try? await BlockingIO.run { () throws(DiskCacheError) in try disk.probe(keys, freshAt: now) })
      ?? DiskProbe()
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
