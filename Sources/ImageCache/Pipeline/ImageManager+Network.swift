import FoundationEssentials
import Logging
import Synchronization

extension ImageManager {
  /// Downloads `url` (stored under `key`), or revalidates `cached` with its validators. If the network fails and a
  /// stale copy exists, the stale copy is served (offline first).
  /// `storesOnDisk` false (`skipDiskTier`): the bytes are handed back without touching the disk tier.
  func fetch(
    _ url: URL, key: String, revalidating cached: DiskLookup?, validation: Validation, storesOnDisk: Bool = true
  ) async throws(ImageManagerError) -> DataResult {
    let request = conditionalRequest(url, revalidating: cached)
    let outcome = await Self.result { () throws(TransferError) in try await loader.load(request) }
    return try await handle(
      outcome, url: url, key: key, revalidating: cached, validation: validation, storesOnDisk: storesOnDisk)
  }

  /// A request for `url`, with the validators of `cached` if there is a copy to revalidate, at the priority its job
  /// runs at now (`CurlDataLoader` follows the job's changes too).
  private func conditionalRequest(
    _ url: URL, revalidating cached: DiskLookup?,
    priority: ImageRequest.Priority = TransferContext.current?.priority ?? .normal
  ) -> DataRequest {
    var request = DataRequest(url: url, maxBodyBytes: maxBodyBytes, priority: priority)
    if let cached {
      if let etag = cached.entry.metadata.etag { request.headers["If-None-Match"] = etag }
      if let lastModified = cached.entry.metadata.lastModified { request.headers["If-Modified-Since"] = lastModified }
    }
    return request
  }

  /// What `fetch` does with the loader's answer (retries already spent).
  private func handle(
    _ outcome: Result<DataResponse, TransferError>, url: URL, key: String, revalidating cached: DiskLookup?,
    validation: Validation, storesOnDisk: Bool = true
  ) async throws(ImageManagerError) -> DataResult {
    let response: DataResponse
    switch outcome {
    case .success(let value):
      response = value
    case .failure(.cancelled):
      throw .cancelled
    case .failure(let error):
      if let stale = await staleResult(url, key, cached, because: "\(error)") { return stale }
      count { $0.failures += 1 }
      throw .transfer(url: ImageManagerError.redacted(url), error)
    }
    if Task.isCancelled { throw .cancelled }

    switch response.statusCode {
    case 304 where cached != nil:
      return try await revalidated(url, key, cached!, response)
    case 200..<300:
      return try await downloaded(url, key, response, validation: validation, storesOnDisk: storesOnDisk)
    default:
      let serverTrouble = response.statusCode >= 500 || response.statusCode == 408 || response.statusCode == 429
      if serverTrouble, let stale = await staleResult(url, key, cached, because: "HTTP \(response.statusCode)") {
        return stale
      }
      if cached != nil { try? await removeFromDisk(key) }
      count { $0.failures += 1 }
      throw .httpStatus(url: ImageManagerError.redacted(url), code: response.statusCode)
    }
  }

  private static func result(
    _ load: () async throws(TransferError) -> DataResponse
  ) async -> Result<DataResponse, TransferError> {
    do throws(TransferError) {
      return .success(try await load())
    } catch {
      return .failure(error)
    }
  }

  // MARK: - Downloads and revalidations by callback (prefetch)

  /// `data(for: url)` for a URL the disk tier has just been found not to hold (`stale` nil), or to hold past its
  /// freshness with its file in place (`stale`), with no task in the way of the common answers: a download's
  /// completion checks the bytes on the loader's thread, the disk writer stores them and its callback settles the
  /// URL; a 304 refreshes the entry by the writer's callback and leaves its bytes on disk
  /// (`DataResult.bytesLeftOnDisk`). A prefetch of hundreds of new thumbnails spent about 15 ms of CPU per 500 on
  /// the task-based path's machinery (BENCHMARKS.md).
  ///
  /// Everything else takes the task-based path from where this one leaves it: another status or a transport error
  /// (retries, statuses, the stale copy served when the network fails), an attempt that cannot start; all of it
  /// does where the loader cannot start attempts by callback or there is no disk tier. The work is a coalesced job
  /// like any other: `data(for:)` and `image(for:)` callers of the same URL join it, and it is cancelled only when
  /// every waiter has left.
  func subscribeByCallback(
    _ url: URL, key: String, revalidating stale: DiskEntry? = nil, priority: ImageRequest.Priority,
    completion: @escaping @Sendable (Result<DataResult, ImageManagerError>) -> Void
  ) -> TaskCoalescer<URL, DataResult>.Subscription {
    let cancellation = CancellationBox()
    guard
      url.scheme == "http" || url.scheme == "https",  // else `loadOperation` says why, as for any caller
      let direct = loader as? any CallbackDataLoading, let writer = diskWriter,
      let (subscription, job) = dataJobs.beginExternal(
        for: url, priority: priority, onAbandon: { cancellation.cancel() },
        completion: { completion($0.mapError { ($0 as? ImageManagerError) ?? .cancelled }) })
    else {
      return subscribeToData(
        url, key: key, validation: .structure, knownAbsent: stale == nil, knownStale: stale, priority: priority,
        completion: completion)
    }
    let settle = { @Sendable [dataJobs] (result: Result<DataResult, ImageManagerError>) in
      dataJobs.finish(job, with: result.mapError { $0 as any Error })
    }
    let cached = stale.map(DiskLookup.init(unreadEntry:))
    let request = conditionalRequest(url, revalidating: cached, priority: job.context.priority)
    let started = direct.startFirstAttempt(request, context: job.context) { [self] first in
      if case .failure(.cancelled) = first { return settle(.failure(.cancelled)) }
      switch (first, cached) {
      case (.success(let response), _) where (200..<300).contains(response.statusCode):
        store(response, url: url, key: key, writer: writer, completion: settle)
      case (.success(let response), let cached?) where response.statusCode == 304:
        refresh(cached, url: url, key: key, after: response, writer: writer, completion: settle)
      default:
        // Retries, other statuses, transport errors: as `fetch` handles them, in a task.
        let task = Task {
          settle(
            await TransferContext.$current.withValue(job.context) {
              await continueDownload(request, url: url, key: key, revalidating: cached, after: first, loader: direct)
            })
        }
        cancellation.add { task.cancel() }
      }
    }
    if let started {
      cancellation.add(started.cancel)
    } else {
      let task = Task {
        settle(
          await TransferContext.$current.withValue(job.context) {
            await continueDownload(request, url: url, key: key, revalidating: cached, after: nil, loader: direct)
          })
      }
      cancellation.add { task.cancel() }
    }
    return subscription
  }

  /// The task-based rest of a download whose first attempt ended with `first` (nil: not started yet).
  private func continueDownload(
    _ request: DataRequest, url: URL, key: String, revalidating cached: DiskLookup?,
    after first: Result<DataResponse, TransferError>?, loader: any CallbackDataLoading
  ) async -> Result<DataResult, ImageManagerError> {
    let outcome: Result<DataResponse, TransferError>
    if let first {
      outcome = await Self.result { () throws(TransferError) in try await loader.load(request, after: first) }
    } else {
      outcome = await Self.result { () throws(TransferError) in try await loader.load(request) }
    }
    do throws(ImageManagerError) {
      return .success(try await handle(outcome, url: url, key: key, revalidating: cached, validation: .structure))
    } catch {
      return .failure(error)
    }
  }

  /// `downloaded` for `.structure`, by callback: checks the bytes here and stores them without waiting.
  private func store(
    _ response: DataResponse, url: URL, key: String, writer: DiskWriteBatcher,
    completion: @escaping @Sendable (Result<DataResult, ImageManagerError>) -> Void
  ) {
    let header: ImageHeader
    do {
      header = try decoder.validate(response.body, limits: limits)
    } catch {
      return completion(.failure(decodingFailure(url, error)))
    }
    guard let metadata = diskMetadata(header, of: response) else {
      // `no-store`: served, not kept; an older copy under the key must not outlive it.
      Task {
        try? await removeFromDisk(key)
        completion(.success(downloadResult(url, response.body, header, decoded: nil, storeError: nil)))
      }
      return
    }
    writer.store(DiskWrite(key: key, data: response.body, metadata: metadata)) {
      [self] stored in
      var storeError: DiskCacheError?
      if case .failure(let error) = stored { storeError = error }
      completion(.success(downloadResult(url, response.body, header, decoded: nil, storeError: storeError)))
    }
  }

  /// The index row for a downloaded image; nil for a response that says `no-store`.
  private func diskMetadata(_ header: ImageHeader, of response: DataResponse) -> DiskEntryMetadata? {
    let policy = freshness.policy(for: response.headers, now: clock())
    if policy.noStore { return nil }
    return DiskEntryMetadata(
      contentType: header.format.contentType, width: header.width, height: header.height,
      etag: response.header("etag"), lastModified: response.header("last-modified"), expiresAt: policy.expiresAt,
      staleIfErrorUntil: policy.staleIfErrorUntil, staleWhileRevalidateUntil: policy.staleWhileRevalidateUntil)
  }

  /// A download, stored or not, counted and handed on as the network tier's answer.
  private func downloadResult(
    _ url: URL, _ body: [UInt8], _ header: ImageHeader, decoded: ImageBitmap?, storeError: DiskCacheError?,
    storedExpiry: Date? = nil
  ) -> DataResult {
    count {
      $0.downloads += 1
      $0.bytesDownloaded += body.count
    }
    return DataResult(
      url: url, bytes: body, header: header, tier: .network, isStale: false, decoded: decoded, storeError: storeError,
      storedExpiry: storedExpiry)
  }

  /// Bytes that are not a sound image: counted as a failure.
  private func decodingFailure(_ url: URL, _ error: ImageDecodingError) -> ImageManagerError {
    count { $0.failures += 1 }
    return .decoding(url: ImageManagerError.redacted(url), error)
  }

  private func downloaded(
    _ url: URL, _ key: String, _ response: DataResponse, validation: Validation, storesOnDisk: Bool
  ) async throws(ImageManagerError) -> DataResult {
    let body = response.body
    let header: ImageHeader
    var bitmap: ImageBitmap?
    do {
      switch validation {
      case .decode:
        // A full decode is the strongest proof the bytes are sound (CRCs, zlib streams, truncation).
        bitmap = try decoder.decode(body, limits: limits)
        header = try decoder.header(of: body)
      case .structure:
        header = try decoder.validate(body, limits: limits)
      }
    } catch {
      throw decodingFailure(url, error)
    }
    var storeError: DiskCacheError?
    var storedExpiry: Date?
    if storesOnDisk {
      do {
        if let metadata = diskMetadata(header, of: response) {
          try await storeOnDisk(key, body, metadata)
          storedExpiry = metadata.expiresAt
        } else {
          // `no-store`: served, not kept; an older copy under the key must not outlive it.
          try await removeFromDisk(key)
        }
      } catch {
        // Not logged here: `data(for:)` throws it to its caller, `image(for:)` logs it (once).
        storeError = error
      }
    }
    return downloadResult(url, body, header, decoded: bitmap, storeError: storeError, storedExpiry: storedExpiry)
  }

  private func revalidated(
    _ url: URL, _ key: String, _ cached: DiskLookup, _ response: DataResponse
  ) async throws(ImageManagerError) -> DataResult {
    var storedExpiry: Date?
    if let diskWriter {
      let refresh = refreshed(cached, key: key, after: response)
      do {
        // Group-committed with the other 304s of a warm, as downloads are with each other.
        try await diskWriter.refresh(refresh)
        storedExpiry = refresh.metadata.expiresAt
      } catch {
        logger.error("could not refresh disk cache entry: \(error)")
      }
    }
    return try revalidationResult(url, cached, storedExpiry: storedExpiry)
  }

  /// `revalidated` by callback: the entry is refreshed by the writer's callback, which settles the URL.
  private func refresh(
    _ cached: DiskLookup, url: URL, key: String, after response: DataResponse, writer: DiskWriteBatcher,
    completion: @escaping @Sendable (Result<DataResult, ImageManagerError>) -> Void
  ) {
    writer.refresh(refreshed(cached, key: key, after: response)) { [self] committed in
      if case .failure(let error) = committed { logger.error("could not refresh disk cache entry: \(error)") }
      completion(Result { () throws(ImageManagerError) in try revalidationResult(url, cached) })
    }
  }

  /// What a 304 changes in the entry: validators it repeats, and a new expiry.
  private func refreshed(_ cached: DiskLookup, key: String, after response: DataResponse) -> DiskRefresh {
    var metadata = cached.entry.metadata
    metadata.etag = response.header("etag") ?? metadata.etag
    metadata.lastModified = response.header("last-modified") ?? metadata.lastModified
    let policy = freshness.policy(for: response.headers, now: clock())
    metadata.expiresAt = policy.expiresAt
    metadata.staleIfErrorUntil = policy.staleIfErrorUntil
    metadata.staleWhileRevalidateUntil = policy.staleWhileRevalidateUntil
    return DiskRefresh(key: key, metadata: metadata)
  }

  /// The network tier's answer for a copy a 304 confirmed, counted.
  private func revalidationResult(
    _ url: URL, _ cached: DiskLookup, storedExpiry: Date? = nil
  ) throws(ImageManagerError) -> DataResult {
    count { $0.revalidated += 1 }
    if !cached.bytesRead, let header = cached.entry.metadata.header {
      return DataResult(
        url: url, bytes: [], header: header, tier: .revalidated, isStale: false, decoded: nil, bytesLeftOnDisk: true,
        storedExpiry: storedExpiry)
    }
    let header = try headerOrThrow(cached.data, url)
    return DataResult(
      url: url, bytes: cached.data, header: header, tier: .revalidated, isStale: false, decoded: nil,
      storedExpiry: storedExpiry)
  }

  /// The stale copy, if there is a usable one, when the network failed (offline first), unless its response
  /// limited that (`stale-if-error`) or forbade it (`must-revalidate`).
  private func staleResult(_ url: URL, _ key: String, _ cached: DiskLookup?, because reason: String) async
    -> DataResult?
  {
    if let until = cached?.entry.metadata.staleIfErrorUntil, clock() >= until { return nil }
    var cached = cached
    if cached?.bytesRead == false { cached = try? await lookupOnDisk(key) }  // the probe left them on disk
    guard let cached, let header = try? decoder.header(of: cached.data) else { return nil }
    logger.notice(
      "serving stale copy", metadata: ["url": "\(ImageManagerError.redacted(url))", "reason": "\(reason)"])
    count { $0.staleServed += 1 }
    return DataResult(url: url, bytes: cached.data, header: header, tier: .disk, isStale: true, decoded: nil)
  }

  func headerOrThrow(_ bytes: [UInt8], _ url: URL) throws(ImageManagerError) -> ImageHeader {
    do { return try decoder.header(of: bytes) } catch {
      throw .decoding(url: ImageManagerError.redacted(url), error)
    }
  }

  func count(_ update: (inout NetworkStatistics) -> Void) {
    counters.withLock { update(&$0.snapshot) }
  }

  // MARK: - Disk tier, off the cooperative pool

  func lookupOnDisk(_ key: String) async throws(ImageManagerError) -> DiskLookup? {
    guard let disk else { return nil }
    do {
      return try await BlockingIO.run { () throws(DiskCacheError) in try disk.lookup(key) }
    } catch {
      throw .disk(error)
    }
  }

  func storeOnDisk(_ key: String, _ bytes: [UInt8], _ metadata: DiskEntryMetadata) async throws(DiskCacheError) {
    guard let diskWriter else { return }
    try await diskWriter.store(DiskWrite(key: key, data: bytes, metadata: metadata))
  }

  func removeFromDisk(_ key: String) async throws(DiskCacheError) {
    guard let disk else { return }
    try await BlockingIO.run { () throws(DiskCacheError) in try disk.remove(key) }
  }
}

/// What to stop when a download's last waiter leaves: added as the download goes on (its transfer, then maybe a
/// task); whatever is added after the cancellation is stopped at once.
private final class CancellationBox: Sendable {
  private let state = Mutex<(cancels: [@Sendable () -> Void], cancelled: Bool)>(([], false))

  func add(_ cancel: @escaping @Sendable () -> Void) {
    let now = state.withLock { state -> Bool in
      if !state.cancelled { state.cancels.append(cancel) }
      return state.cancelled
    }
    if now { cancel() }
  }

  func cancel() {
    let cancels = state.withLock { state -> [@Sendable () -> Void] in
      state.cancelled = true
      defer { state.cancels = [] }
      return state.cancels
    }
    for cancel in cancels { cancel() }
  }
}
