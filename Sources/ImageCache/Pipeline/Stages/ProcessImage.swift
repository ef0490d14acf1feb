import FoundationEssentials
import Logging

/// A request's processors run on the original, and the disk side of `ImageRequest.Options.storeProcessedOnDisk`:
/// the processed image kept beside its original, read back without decoding or processing.
struct ProcessImage: Sendable {
  let manager: ImageManager
  let request: ImageRequest
  /// The original's key, `cacheKey(for: request.url)`.
  let key: String
  let mode: LoadMode

  /// Where the processed image is kept on disk; nil when the request does not keep it there.
  private var diskKey: String? {
    guard request.options.contains(.storeProcessedOnDisk), !request.processors.isEmpty, manager.disk != nil,
      !mode.skipDisk
    else { return nil }
    return StoredBitmap.diskKey(key, request.processors)
  }

  /// The processed image on disk, if the request keeps it there and it is there and fresh. A damaged entry (short,
  /// checksum wrong) is removed and counts as a miss: the caller makes the image again from the original.
  func stored() async -> ImageResponse? {
    guard let diskKey, let found = try? await manager.lookupOnDisk(diskKey),
      found.isFresh(at: manager.clock())
    else { return nil }
    let url = request.url
    guard let bitmap = StoredBitmap.decode(found.data, limits: manager.limits) else {
      manager.logger.warning(
        "damaged processed cache entry removed", metadata: ["url": "\(ImageManagerError.redacted(url))"])
      try? await manager.removeFromDisk(diskKey)
      return nil
    }
    return ImageResponse(url: url, bitmap: bitmap, tier: .disk, byteCount: found.data.count, isStale: false)
  }

  /// `original` through the processors, kept on disk when the request asks.
  func run(on original: ImageResponse) async throws(ImageManagerError) -> ImageResponse {
    var bitmap = original.bitmap
    for processor in request.processors {
      do {
        bitmap = try processor.process(bitmap)
      } catch {
        throw .processing(
          url: ImageManagerError.redacted(request.url), processor: processor.identifier, reason: "\(error)")
      }
    }
    if let diskKey { await store(bitmap, key: diskKey, madeFrom: original) }
    return ImageResponse(
      url: request.url, bitmap: bitmap, tier: original.tier, byteCount: original.byteCount,
      isStale: original.isStale)
  }

  /// Keeps `bitmap` for as long as the original it was made from stays fresh on disk; nothing when the original is
  /// not kept fresh there (a stale copy, `no-store`, an entry without expiry, or an original that came from the
  /// memory tier, whose expiry is not known here), and nothing when processing left the original as it was (a resize
  /// into a box larger than the image): its raw pixels would take several times the compressed original's bytes,
  /// again for every such box, to save one decode.
  private func store(_ bitmap: ImageBitmap, key: String, madeFrom original: ImageResponse) async {
    guard !original.isStale, let expiry = original.storedExpiry,
      DiskEntry.isFresh(expiresAt: expiry, at: manager.clock()), bitmap != original.bitmap
    else { return }
    let metadata = DiskEntryMetadata(
      contentType: StoredBitmap.contentType, width: bitmap.width, height: bitmap.height, expiresAt: expiry)
    do {
      try await manager.storeOnDisk(key, StoredBitmap.encode(bitmap), metadata)
    } catch {
      manager.reportStoreFailure(error)  // the image is served all the same
    }
  }
}
