import FoundationEssentials

/// The disk tier as the stages use it: lookups and removals off the cooperative pool, writes through the batcher.
extension ImageManager {
  func lookupOnDisk(_ key: String) async throws(ImageManagerError) -> DiskLookup? {
    guard let disk else { return nil }
    do {
      return try await BlockingIO.run { () throws(DiskCacheError) in try disk.lookup(key).map(DiskLookup.init) }
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
