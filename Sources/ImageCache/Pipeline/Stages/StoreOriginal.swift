import FoundationEssentials
import Logging

/// What `FetchFromNetwork` got, kept on the disk tier and answered: new bytes are checked and stored, a 304 refreshes
/// the entry's validators and expiry. Writes go through the disk writer (`DiskWriteBatcher`), group-committed with
/// the others that arrive meanwhile, and the answer goes out once the write is committed, on the writer's thread,
/// with the expiry it stored (`DataResult.storedExpiry`), which a processed copy made from the bytes inherits.
struct StoreOriginal: Sendable {
  let fetch: FetchFromNetwork

  private var manager: ImageManager { fetch.manager }

  /// New bytes: checked as `fetch.validation` says, stored unless `fetch.storesOnDisk` is false or the response says
  /// `no-store`, counted as a download.
  func downloaded(_ response: DataResponse, completion: @escaping FetchFromNetwork.Completion) {
    let body = response.body
    let header: ImageHeader
    let decoded: ImageBitmap?
    do {
      switch fetch.validation {
      case .decode:
        // A full decode is the strongest proof the bytes are sound (CRCs, zlib streams, truncation).
        decoded = try manager.decoder.decode(body, limits: manager.limits)
        header = try manager.decoder.header(of: body)
      case .structure:
        decoded = nil
        header = try manager.decoder.validate(body, limits: manager.limits)
      }
    } catch {
      manager.count { $0.failures += 1 }
      return completion(.failure(.decoding(url: ImageManagerError.redacted(fetch.url), error)))
    }
    // A store error is handed on, not logged: `data(for:)` throws it to its caller, `image(for:)` logs it (once).
    let answer = { @Sendable [manager, fetch] (storeError: DiskCacheError?, storedExpiry: Date?) in
      manager.count {
        $0.downloads += 1
        $0.bytesDownloaded += body.count
      }
      completion(
        .success(
          DataResult(
            url: fetch.url, bytes: body, header: header, tier: .network, isStale: false, decoded: decoded,
            storeError: storeError, storedExpiry: storedExpiry)))
    }
    guard fetch.storesOnDisk, let writer = manager.diskWriter else { return answer(nil, nil) }
    guard let metadata = metadata(header, of: response) else {
      // `no-store`: served, not kept; an older copy under the key must not outlive it.
      Task { [manager, key = fetch.key] in
        do throws(DiskCacheError) {
          try await manager.removeFromDisk(key)
          answer(nil, nil)
        } catch {
          answer(error, nil)
        }
      }
      return
    }
    writer.store(DiskWrite(key: fetch.key, data: body, metadata: metadata)) { stored in
      switch stored {
      case .success: answer(nil, metadata.expiresAt)
      case .failure(let error): answer(error, nil)
      }
    }
  }

  /// A 304 for `cached`: new validators and expiry, the same bytes, counted as a revalidation. Bytes a prefetch's
  /// probe left on disk stay there (`DataResult.bytesLeftOnDisk`).
  func revalidated(
    _ cached: DiskLookup, after response: DataResponse, completion: @escaping FetchFromNetwork.Completion
  ) {
    let answer = { @Sendable [manager, url = fetch.url] (storedExpiry: Date?) in
      completion(
        Result { () throws(ImageManagerError) in
          manager.count { $0.revalidated += 1 }
          if !cached.bytesRead, let header = cached.metadata.header {
            return DataResult(
              url: url, bytes: [], header: header, tier: .revalidated, isStale: false, decoded: nil,
              bytesLeftOnDisk: true, storedExpiry: storedExpiry)
          }
          let header = try manager.headerOrThrow(cached.data, url)
          return DataResult(
            url: url, bytes: cached.data, header: header, tier: .revalidated, isStale: false, decoded: nil,
            storedExpiry: storedExpiry)
        })
    }
    guard let writer = manager.diskWriter else { return answer(nil) }
    let refresh = refreshed(cached, after: response)
    writer.refresh(refresh) { [manager] committed in
      switch committed {
      case .success:
        answer(refresh.metadata.expiresAt)
      case .failure(let error):
        manager.logger.error("could not refresh disk cache entry: \(error)")
        answer(nil)
      }
    }
  }

  /// The index row for a downloaded image; nil for a response that says `no-store`.
  private func metadata(_ header: ImageHeader, of response: DataResponse) -> DiskEntryMetadata? {
    let policy = manager.freshness.policy(for: response.headers, now: manager.clock())
    if policy.noStore { return nil }
    return DiskEntryMetadata(
      contentType: header.format.contentType, width: header.width, height: header.height,
      etag: response.header("etag"), lastModified: response.header("last-modified"), expiresAt: policy.expiresAt,
      staleIfErrorUntil: policy.staleIfErrorUntil, staleWhileRevalidateUntil: policy.staleWhileRevalidateUntil)
  }

  /// What a 304 changes in the entry: validators it repeats, and a new expiry.
  private func refreshed(_ cached: DiskLookup, after response: DataResponse) -> DiskRefresh {
    var metadata = cached.metadata
    metadata.etag = response.header("etag") ?? metadata.etag
    metadata.lastModified = response.header("last-modified") ?? metadata.lastModified
    let policy = manager.freshness.policy(for: response.headers, now: manager.clock())
    metadata.expiresAt = policy.expiresAt
    metadata.staleIfErrorUntil = policy.staleIfErrorUntil
    metadata.staleWhileRevalidateUntil = policy.staleWhileRevalidateUntil
    return DiskRefresh(key: fetch.key, metadata: metadata)
  }
}
