import Foundation

extension ImageManager {
  /// Downloads `url` (stored under `key`), or revalidates `cached` with its validators. If the network fails and a
  /// stale copy exists, the stale copy is served (offline first).
  func fetch(
    _ url: URL, key: String, revalidating cached: DiskLookup?, validation: Validation
  ) async throws(ImageManagerError) -> DataResult {
    var request = DataRequest(url: url, maxBodyBytes: maxBodyBytes)
    if let cached {
      if let etag = cached.entry.metadata.etag { request.headers["If-None-Match"] = etag }
      if let lastModified = cached.entry.metadata.lastModified { request.headers["If-Modified-Since"] = lastModified }
    }

    let response: DataResponse
    do {
      response = try await loader.load(request)
    } catch .cancelled {
      throw .cancelled
    } catch {
      if let stale = try staleResult(url, cached, because: "\(error)") { return stale }
      count { $0.failures += 1 }
      throw .transfer(url: ImageManagerError.redacted(url), error)
    }
    if Task.isCancelled { throw .cancelled }

    switch response.statusCode {
    case 304 where cached != nil:
      return try await revalidated(url, key, cached!, response)
    case 200..<300:
      return try await downloaded(url, key, response, validation: validation)
    default:
      let serverTrouble = response.statusCode >= 500 || response.statusCode == 408 || response.statusCode == 429
      if serverTrouble, let stale = try staleResult(url, cached, because: "HTTP \(response.statusCode)") {
        return stale
      }
      if cached != nil { try? await removeFromDisk(key) }
      count { $0.failures += 1 }
      throw .httpStatus(url: ImageManagerError.redacted(url), code: response.statusCode)
    }
  }

  private func downloaded(
    _ url: URL, _ key: String, _ response: DataResponse, validation: Validation
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
      count { $0.failures += 1 }
      throw .decoding(url: ImageManagerError.redacted(url), error)
    }
    let metadata = DiskEntryMetadata(
      contentType: header.format.contentType, width: header.width, height: header.height,
      etag: response.header("etag"), lastModified: response.header("last-modified"),
      expiresAt: freshness.expiry(for: response.headers, now: clock()))
    var storeError: DiskCacheError?
    do {
      try await storeOnDisk(key, body, metadata)
    } catch {
      // Not logged here: `data(for:)` throws it to its caller, `image(for:)` logs it (once).
      storeError = error
    }
    count {
      $0.downloads += 1
      $0.bytesDownloaded += body.count
    }
    return DataResult(
      url: url, bytes: body, header: header, tier: .network, isStale: false, decoded: bitmap, storeError: storeError)
  }

  private func revalidated(
    _ url: URL, _ key: String, _ cached: DiskLookup, _ response: DataResponse
  ) async throws(ImageManagerError) -> DataResult {
    var metadata = cached.entry.metadata
    metadata.etag = response.header("etag") ?? metadata.etag
    metadata.lastModified = response.header("last-modified") ?? metadata.lastModified
    metadata.expiresAt = freshness.expiry(for: response.headers, now: clock())
    if let disk {
      do {
        try await BlockingIO.run { [metadata] () throws(DiskCacheError) in try disk.refresh(key, metadata: metadata) }
      } catch {
        logger.error("could not refresh disk cache entry: \(error)")
      }
    }
    count { $0.revalidated += 1 }
    let header = try headerOrThrow(cached.data, url)
    return DataResult(url: url, bytes: cached.data, header: header, tier: .revalidated, isStale: false, decoded: nil)
  }

  private func staleResult(_ url: URL, _ cached: DiskLookup?, because reason: String) throws(ImageManagerError)
    -> DataResult?
  {
    guard let cached, let header = try? decoder.header(of: cached.data) else { return nil }
    logger.notice(
      "serving stale copy", metadata: ["url": "\(ImageManagerError.redacted(url))", "reason": "\(reason)"])
    count { $0.staleServed += 1 }
    return DataResult(url: url, bytes: cached.data, header: header, tier: .disk, isStale: true, decoded: nil)
  }

  private func headerOrThrow(_ bytes: [UInt8], _ url: URL) throws(ImageManagerError) -> ImageHeader {
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
