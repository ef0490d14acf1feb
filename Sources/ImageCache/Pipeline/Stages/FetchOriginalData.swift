import FoundationEssentials
import Logging

/// An image's original bytes, from the disk tier when a fresh copy is there, else from the network
/// (`FetchFromNetwork`), which revalidates a stale copy with its validators; `mode` (a request's options) may skip
/// the disk, skip the copy, or forbid the network. The work of one data job, which every caller of the URL and mode
/// shares.
struct FetchOriginalData: Sendable {
  let manager: ImageManager
  let url: URL
  /// `cacheKey(for: url)`.
  let key: String
  let validation: ImageManager.Validation
  var mode = LoadMode.standard

  func run() async throws(ImageManagerError) -> DataResult {
    guard url.scheme == "http" || url.scheme == "https" else { throw Self.unsupportedScheme(url) }
    return mode == .standard ? try await standard() : try await withOptions()
  }

  /// The step as `job`'s work, for a caller with no task to suspend (a prefetch): the job is settled by whichever
  /// thread finishes it. When a batch probe has answered for the disk already (`probed`), the lookup is skipped and
  /// the network step runs by callback with no task in the way (`FetchFromNetwork.start`); a 304 then leaves the
  /// bytes on disk (`DataResult.bytesLeftOnDisk`). Otherwise `run` does the work, in a task.
  func start(_ job: TaskCoalescer<LoadJobKey, DataResult>.Job, probed: ProbedEntry?) {
    guard let probed else { return TaskCoalescer.task { try await run() }(job) }
    // One read of `scheme`: each parses it out of the URL's string again.
    switch url.scheme {
    case "http", "https": network(revalidating: probed.unreadCopy).start(job)
    default: job.finish(.failure(Self.unsupportedScheme(url)))
    }
  }

  /// Why a URL that is not http or https is refused.
  static func unsupportedScheme(_ url: URL) -> ImageManagerError {
    .transfer(url: ImageManagerError.redacted(url), .unsupportedScheme(url: ImageManagerError.redacted(url)))
  }

  private func network(revalidating cached: DiskLookup?, storesOnDisk: Bool = true) -> FetchFromNetwork {
    FetchFromNetwork(
      manager: manager, url: url, key: key, cached: cached, validation: validation, storesOnDisk: storesOnDisk)
  }

  /// Disk, then network.
  private func standard() async throws(ImageManagerError) -> DataResult {
    var cached = try await manager.lookupOnDisk(key)
    if let found = cached {
      if found.isFresh(at: manager.clock()), let header = try? manager.decoder.header(of: found.data) {
        return DataResult(
          url: url, bytes: found.data, header: header, tier: .disk, isStale: false, decoded: nil,
          storedExpiry: found.metadata.expiresAt)
      }
      // A 304 would confirm these bytes, so they must check out; a damaged copy is dropped and fetched again
      // without validators.
      if (try? manager.decoder.validate(found.data, limits: manager.limits)) == nil {
        manager.logger.warning(
          "damaged cache entry removed", metadata: ["url": "\(ImageManagerError.redacted(url))"])
        try? await manager.removeFromDisk(key)
        cached = nil
      }
    }
    if let cached, let until = cached.metadata.staleWhileRevalidateUntil, manager.clock() < until,
      let header = try? manager.decoder.header(of: cached.data)
    {
      revalidateInBackground(cached)
      return DataResult(url: url, bytes: cached.data, header: header, tier: .disk, isStale: true, decoded: nil)
    }
    return try await network(revalidating: cached).run()
  }

  /// A load with options: a reload or `skipDiskTier` goes to the network without validators (nothing was read from
  /// disk), `returnCacheDataDontLoad` answers from disk or not at all.
  private func withOptions() async throws(ImageManagerError) -> DataResult {
    guard mode.cacheOnly else {
      return try await network(revalidating: nil, storesOnDisk: !mode.skipDisk).run()
    }
    if !mode.skipDisk, !mode.reload, let found = try await manager.lookupOnDisk(key),
      let header = try? manager.decoder.header(of: found.data)
    {
      return DataResult(
        url: url, bytes: found.data, header: header, tier: .disk, isStale: !found.isFresh(at: manager.clock()),
        decoded: nil, storedExpiry: found.metadata.expiresAt)
    }
    throw .notCached(url: ImageManagerError.redacted(url))
  }

  /// `stale-while-revalidate`: the stale copy was served; this refreshes it, once however many callers were served
  /// meanwhile (they are not made to wait for it), at low priority, as nobody waits for it. New bytes replace the
  /// pixels the memory tier holds.
  private func revalidateInBackground(_ cached: DiskLookup) {
    let (manager, key) = (self.manager, self.key)
    let fetch = FetchFromNetwork(
      manager: manager, url: url, key: key, cached: cached, validation: .structure, storesOnDisk: true)
    Task {
      let result = try? await manager.coalesced(
        manager.dataJobs, LoadJobKey(url: fetch.url, mode: .backgroundRevalidation), priority: .low, context: nil
      ) { () throws(ImageManagerError) in try await fetch.run() }
      if result?.tier == .network { manager.memory.removeImage(forKey: ImageCacheKey(key)) }
    }
  }
}
