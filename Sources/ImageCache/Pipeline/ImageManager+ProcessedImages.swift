import FoundationEssentials
import Logging

/// The disk side of `ImageRequest.Options.storeProcessedOnDisk`: processed images kept beside their originals.
extension ImageManager {
  /// Whether `request` reads and writes its processed image on the disk tier.
  func storesProcessedOnDisk(_ request: ImageRequest, _ mode: LoadMode) -> Bool {
    request.options.contains(.storeProcessedOnDisk) && !request.processors.isEmpty && disk != nil && !mode.skipDisk
  }

  /// The processed image stored under `key`, if it is there and fresh. A damaged entry (short, checksum wrong) is
  /// removed and counts as a miss: the caller makes the image again from the original.
  func processedFromDisk(_ key: String, url: URL) async -> ImageResponse? {
    guard let found = try? await lookupOnDisk(key), found.entry.isFresh(at: clock()) else { return nil }
    guard let bitmap = StoredBitmap.decode(found.data, limits: limits) else {
      logger.warning("damaged processed cache entry removed", metadata: ["url": "\(ImageManagerError.redacted(url))"])
      try? await removeFromDisk(key)
      return nil
    }
    return ImageResponse(url: url, bitmap: bitmap, tier: .disk, byteCount: found.data.count, isStale: false)
  }

  /// Keeps `bitmap` under `key` for as long as the original it was made from stays fresh on disk; nothing when the
  /// original is not kept fresh there (a stale copy, `no-store`, an entry without expiry, or an original that came
  /// from the memory tier, whose expiry is not known here), and nothing when processing left the original as it
  /// was (a resize into a box larger than the image): its raw pixels would take several times the compressed
  /// original's bytes, again for every such box, to save one decode.
  func storeProcessed(_ bitmap: ImageBitmap, key: String, madeFrom original: ImageResponse) async {
    guard !original.isStale, let expiry = original.storedExpiry, DiskEntry.isFresh(expiresAt: expiry, at: clock()),
      bitmap != original.bitmap
    else { return }
    let metadata = DiskEntryMetadata(
      contentType: StoredBitmap.contentType, width: bitmap.width, height: bitmap.height, expiresAt: expiry)
    do {
      try await storeOnDisk(key, StoredBitmap.encode(bitmap), metadata)
    } catch {
      reportStoreFailure(error)  // the image is served all the same
    }
  }
}
