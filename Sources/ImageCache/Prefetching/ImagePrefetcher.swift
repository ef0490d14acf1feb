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
      // Keys of unique[..<probedUpTo] that a batch probe found absent from the disk tier (misses already counted).
      var absent = Set<String>()
      var probedUpTo = 0
      func launch() async -> Bool {
        guard !Task.isCancelled, nextIndex < unique.count else { return false }
        if nextIndex == probedUpTo {
          probedUpTo = min(unique.count, nextIndex + Self.absenceProbeBatch)
          absent = await absentOnDisk(keys[nextIndex..<probedUpTo])
        }
        let url = unique[nextIndex]
        let knownAbsent = absent.remove(keys[nextIndex]) != nil
        nextIndex += 1
        group.addTask {
          do throws(ImageManagerError) {
            return (url, .success(try await self.data(for: url, knownAbsent: knownAbsent)))
          } catch {
            return (url, .failure(error))
          }
        }
        return true
      }
      for _ in 0..<max(1, maxInFlight) {
        guard await launch() else { break }
      }
      var completed = 0
      while let (url, outcome) = await group.next() {
        completed += 1
        report.record(url, outcome)
        progress?(
          PrefetchProgress(
            total: unique.count, completed: completed, failed: report.failed,
            bytesDownloaded: report.bytesDownloaded, elapsed: ContinuousClock.now - started))
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
  /// URLs probed against the disk tier in one go before they are launched.
  static let absenceProbeBatch = 64

  /// Which of these keys have no disk entry (one hop to the blocking queue for the batch, instead of one lookup
  /// each). On any error nothing is known absent and each URL is looked up, and fails, on its own.
  fileprivate func absentOnDisk(_ keys: ArraySlice<String>) async -> Set<String> {
    guard let disk else { return [] }
    let keys = Array(keys)
    return (try? await BlockingIO.run { () throws(DiskCacheError) in try disk.absentKeys(keys) }) ?? []
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
