import ImageCache
import Synchronization

/// The disk tier of `--in-process`: original bytes in a dictionary for this run only, through the four calls
/// `DiskCaching` asks of a cache that is not ImageCache's own `DiskStore`.
final class DictionaryDiskCache: DiskCaching {
  private let entries = Mutex<[String: DiskCacheHit]>([:])

  func lookup(_ key: String) -> DiskCacheHit? { entries.withLock { $0[key] } }

  func store(_ key: String, data: [UInt8], metadata: DiskEntryMetadata) {
    entries.withLock { $0[key] = DiskCacheHit(data: data, metadata: metadata) }
  }

  func remove(_ key: String) { _ = entries.withLock { $0.removeValue(forKey: key) } }

  func removeAll() { entries.withLock { $0.removeAll() } }
}
