import FoundationEssentials

/// Fetches and stores lists of URLs through an `ImageManager`, without keeping pixels in memory: what `imgcache warm`
/// and a browser's look-ahead use.
///
/// Each URL is the same coalesced job `ImageManager.data(for:)` would join, and the prefetch waits for it by
/// callback rather than with a task of its own. The disk tier is probed a batch ahead of the transfers, in one read
/// of the index per batch: a fresh entry settles at once; a URL found absent downloads, and one found stale (its
/// file in place) is revalidated, on the loader's and the disk writer's threads with no task in the way, and a 304
/// leaves its bytes on disk. The probe does read a stale entry's bytes, once, to run the structure check, since a
/// 304 may only confirm a copy that checks out.
public struct ImagePrefetcher: Sendable {
  /// Where the URLs go: its disk tier keeps the bytes, its loader fetches them.
  public let manager: ImageManager
  /// URLs in flight at most.
  public var maxInFlight: Int

  /// URLs probed against the disk tier in one go before they are launched.
  static let diskProbeBatch = 64

  /// A prefetcher through `manager`, at most `maxInFlight` URLs at a time.
  public init(manager: ImageManager, maxInFlight: Int = 32) {
    self.manager = manager
    self.maxInFlight = max(1, maxInFlight)
  }

  /// Fetches and stores `urls` (duplicates once). Stops launching new work when the calling task is cancelled; what
  /// finished stays cached. Its transfers wait at low priority: an image asked for meanwhile at normal priority or
  /// higher overtakes the queued ones. `progress` is called after every URL settles, one URL at a time.
  public func prefetch(
    _ urls: [URL], progress: (@Sendable (PrefetchProgress) -> Void)? = nil
  ) async -> PrefetchReport {
    var seen = Set<URL>()
    let unique = urls.filter { seen.insert($0).inserted }
    let keys = unique.map(manager.cacheKey(for:))
    let run = PrefetchRun(manager: manager, urls: unique, keys: keys, maxInFlight: maxInFlight, progress: progress)
    await withTaskCancellationHandler {
      var probedUpTo = 0
      // One hop to the blocking queue per batch, not per URL.
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

  /// What the disk tier knows of these keys. On any error, or for a disk tier without the probe (a user's
  /// `DiskCaching`), nothing is known and each URL is looked up on its own.
  private func probeDisk(_ keys: ArraySlice<String>) async -> DiskProbe {
    guard let disk = manager.batchedDisk else { return DiskProbe() }
    let keys = Array(keys)
    let now = manager.clock()
    let (decoder, limits) = (manager.decoder, manager.limits)
    return
      (try? await BlockingIO.run { () throws(DiskCacheError) in
        try disk.probe(keys, freshAt: now) { bytes in (try? decoder.validate(bytes, limits: limits)) != nil }
      }) ?? DiskProbe()
  }
}
