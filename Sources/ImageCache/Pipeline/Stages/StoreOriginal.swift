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
  /// `no-store`, counted as a download. A body that went straight into its file is checked there and its file
  /// named (`downloaded(into:)`); one whose file failed half-way (the disk filled up) was kept in memory and is
  /// stored from there like any other, which fails as a full disk does or succeeds if space was freed meanwhile.
  func downloaded(_ response: DataResponse, completion: @escaping FetchFromNetwork.Completion) {
    if let file = response.bodyFile, file.failure == nil {
      return downloaded(into: file, response, completion: completion)
    }
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
      return refused(error, completion: completion)
    }
    let answer = answering(header, decoded: decoded, byteCount: body.count, completion: completion)
    guard fetch.storesOnDisk, let writer = manager.diskWriter else { return answer(.inMemory(body), nil, nil) }
    guard let metadata = metadata(header, of: response) else { return notKept(body, answer) }
    writer.store(DiskWrite(key: fetch.key, data: body, metadata: metadata)) { stored in
      switch stored {
      case .success: answer(.inMemory(body), nil, metadata.expiresAt)
      case .failure(let error): answer(.inMemory(body), error, nil)
      }
    }
  }

  /// A body in its file (chosen only where it is stored): checked over a mapping of the file, which the disk
  /// writer names in the commit of its entry. The answer leaves the bytes there (`DataResult.bytesLeftOnDisk`)
  /// unless they were not kept, and then it reads them back; the file is closed once the answer is out.
  private func downloaded(
    into file: StreamedBlob, _ response: DataResponse, completion: @escaping FetchFromNetwork.Completion
  ) {
    let header: ImageHeader
    do {
      // A PNG checked as it streamed in is not read back; anything else is checked over a mapping of its file.
      let checked =
        if let head = file.checkedPNGHead, let validator = manager.streamedBodyValidator {
          try validator.validate(streamedPNGHead: head, limits: manager.limits)
        } else {
          try file.withMapping { bytes throws(ImageDecodingError) in
            if let validator = manager.streamedBodyValidator {
              return try validator.validate(mapped: bytes, limits: manager.limits)
            }
            return try manager.decoder.validate(Array(bytes), limits: manager.limits)
          }
        }
      guard let checked else {
        file.discard()
        manager.count { $0.failures += 1 }
        let reason = "could not map the downloaded file \(file.name)"
        return completion(.failure(.disk(.io(reason))))
      }
      header = checked
    } catch {
      file.discard()
      return refused(error, completion: completion)
    }
    let answer = answering(header, decoded: nil, byteCount: file.size) { result in
      completion(result)
      file.discard()
    }
    guard let writer = manager.diskWriter, let metadata = metadata(header, of: response) else {
      return notKept(file.contents() ?? [], answer)
    }
    writer.store(DiskWrite(key: fetch.key, file: file, metadata: metadata)) { stored in
      switch stored {
      case .success: answer(.leftOnDisk, nil, metadata.expiresAt)
      case .failure(let error): answer(.inMemory(file.contents() ?? []), error, nil)
      }
    }
  }

  /// Bytes that failed their check: counted, and the reason handed on.
  private func refused(_ error: ImageDecodingError, completion: FetchFromNetwork.Completion) {
    manager.count { $0.failures += 1 }
    completion(.failure(.decoding(url: ImageManagerError.redacted(fetch.url), error)))
  }

  /// Where the answer's bytes are.
  private enum Bytes {
    case inMemory([UInt8])
    case leftOnDisk
  }

  /// The answer to a download, once its store has committed or failed: a store error is handed on, not logged
  /// (`data(for:)` throws it to its caller, `image(for:)` logs it, once).
  private func answering(
    _ header: ImageHeader, decoded: ImageBitmap?, byteCount: Int, completion: @escaping FetchFromNetwork.Completion
  ) -> @Sendable (Bytes, DiskCacheError?, Date?) -> Void {
    { [manager, fetch] bytes, storeError, storedExpiry in
      manager.count {
        $0.downloads += 1
        $0.bytesDownloaded += byteCount
      }
      let (body, leftOnDisk): ([UInt8], Bool) =
        switch bytes {
        case .inMemory(let body): (body, false)
        case .leftOnDisk: ([], true)
        }
      completion(
        .success(
          DataResult(
            url: fetch.url, bytes: body, header: header, tier: .network, isStale: false, decoded: decoded,
            storeError: storeError, bytesLeftOnDisk: leftOnDisk, byteCount: byteCount, storedExpiry: storedExpiry)))
    }
  }

  /// `no-store`: served, not kept; an older copy under the key must not outlive it.
  private func notKept(_ body: [UInt8], _ answer: @escaping @Sendable (Bytes, DiskCacheError?, Date?) -> Void) {
    Task { [manager, key = fetch.key] in
      do throws(DiskCacheError) {
        try await manager.removeFromDisk(key)
        answer(.inMemory(body), nil, nil)
      } catch {
        answer(.inMemory(body), error, nil)
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

  /// The index row for a downloaded image; nil for a response that says `no-store`. Header names are read as the
  /// loader keeps them, lower-cased, with no `header(_:)` lower-casing the name again.
  private func metadata(_ header: ImageHeader, of response: DataResponse) -> DiskEntryMetadata? {
    let policy = manager.freshness.policy(for: response.headers, now: manager.clock())
    if policy.noStore { return nil }
    return DiskEntryMetadata(
      contentType: header.format.contentType, width: header.width, height: header.height,
      etag: response.headers["etag"], lastModified: response.headers["last-modified"], expiresAt: policy.expiresAt,
      staleIfErrorUntil: policy.staleIfErrorUntil, staleWhileRevalidateUntil: policy.staleWhileRevalidateUntil)
  }

  /// What a 304 changes in the entry: validators it repeats, and a new expiry.
  private func refreshed(_ cached: DiskLookup, after response: DataResponse) -> DiskRefresh {
    var metadata = cached.metadata
    metadata.etag = response.headers["etag"] ?? metadata.etag
    metadata.lastModified = response.headers["last-modified"] ?? metadata.lastModified
    let policy = manager.freshness.policy(for: response.headers, now: manager.clock())
    metadata.expiresAt = policy.expiresAt
    metadata.staleIfErrorUntil = policy.staleIfErrorUntil
    metadata.staleWhileRevalidateUntil = policy.staleWhileRevalidateUntil
    return DiskRefresh(key: fetch.key, metadata: metadata)
  }
}
