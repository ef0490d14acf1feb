import FoundationEssentials

/// The upkeep of a disk tier that `imgcache` does (`ls`, `stats`, `trim`, `verify`, `clear`), beside the plug-in
/// requirements it refines: a cache that can be listed, measured, trimmed and checked. `DiskStore` conforms.
public protocol DiskCacheMaintenance: DiskCaching {
  /// Evicts least-recently-accessed entries until the total is at most `maxBytes` (nil: the cache's low-water mark).
  @discardableResult func trim(toBytes maxBytes: Int?) throws(DiskCacheError) -> TrimReport
  /// Entry count, bytes, limit, hit and miss counts and the access-time range, after writing batched
  /// lookups.
  func statistics() throws(DiskCacheError) -> DiskCacheStatistics
  /// Entries, most recently accessed first; at most `limit` of them (nil: all).
  func entries(limit: Int?) throws(DiskCacheError) -> [DiskEntry]
  /// Checks every entry has readable bytes of the recorded size that `isValid` accepts; with `fix`, removes
  /// broken entries and orphaned files.
  func verify(fix: Bool, isValid: ([UInt8]) -> Bool) throws(DiskCacheError) -> VerifyReport
}

/// One entry of the index, without its bytes.
public struct DiskEntry: Equatable {
  /// The key the entry is stored under: its URL without credentials.
  public var key: String
  /// Bytes of the blob.
  public var byteSize: Int
  /// What the index records beside the bytes.
  public var metadata: DiskEntryMetadata
  /// When the entry was stored.
  public var createdAt: Date
  /// When the entry was last looked up or stored; eviction takes the oldest first.
  public var lastAccessAt: Date

  /// An entry with the given fields.
  public init(key: String, byteSize: Int, metadata: DiskEntryMetadata, createdAt: Date, lastAccessAt: Date) {
    self.key = key
    self.byteSize = byteSize
    self.metadata = metadata
    self.createdAt = createdAt
    self.lastAccessAt = lastAccessAt
  }

  /// Whether the entry may be served without revalidation at `now`: only before its expiry.
  public func isFresh(at now: Date) -> Bool {
    Self.isFresh(expiresAt: metadata.expiresAt, at: now)
  }

  /// The rule, for callers holding only the expiry (the prefetch probe): no expiry means revalidate.
  static func isFresh(expiresAt: Date?, at now: Date) -> Bool {
    guard let expiresAt else { return false }
    return now < expiresAt
  }
}

/// The disk tier's size and use (`imgcache stats`).
public struct DiskCacheStatistics: Equatable {
  /// The number of entries.
  public var entryCount: Int
  /// Blob bytes plus per-entry metadata overhead: what the limit is checked against.
  public var totalBytes: Int
  /// The byte limit eviction keeps `totalBytes` under.
  public var maxBytes: Int
  /// Lookups that found an entry, since the cache was created.
  public var hits: Int
  /// Lookups that found none, since the cache was created.
  public var misses: Int
  /// The least recent access of any entry; nil when empty.
  public var oldestAccess: Date?
  /// The most recent access of any entry; nil when empty.
  public var newestAccess: Date?

  /// Statistics with the given figures.
  public init(
    entryCount: Int, totalBytes: Int, maxBytes: Int, hits: Int, misses: Int, oldestAccess: Date?, newestAccess: Date?
  ) {
    self.entryCount = entryCount
    self.totalBytes = totalBytes
    self.maxBytes = maxBytes
    self.hits = hits
    self.misses = misses
    self.oldestAccess = oldestAccess
    self.newestAccess = newestAccess
  }
}

/// What `DiskCacheMaintenance.trim(toBytes:)` removed.
public struct TrimReport: Equatable {
  /// Entries evicted.
  public var removedEntries: Int
  /// Bytes they were charged.
  public var removedBytes: Int
  /// Bytes charged to the entries left.
  public var remainingBytes: Int

  /// A report with the given figures.
  public init(removedEntries: Int, removedBytes: Int, remainingBytes: Int) {
    self.removedEntries = removedEntries
    self.removedBytes = removedBytes
    self.remainingBytes = remainingBytes
  }
}

/// What `DiskCacheMaintenance.verify(fix:isValid:)` found (and, with `fix`, repaired).
public struct VerifyReport: Equatable {
  /// Entries checked.
  public var checked: Int
  /// Keys whose blob is missing, the wrong size, or rejected by the validator.
  public var brokenKeys: [String]
  /// Blobs with no index row.
  public var orphans: Int
  /// What stands where a shard folder should (`blobs/ab`) and is not a folder: a symbolic link, a pipe, a device
  /// or a file, as found; never followed or opened, and removed (the entry itself) by a fix.
  public var strayShardFolders: [String]
  /// Whether broken entries, orphaned files and stray shard folders were removed.
  public var fixed: Bool

  /// A report with the given findings.
  public init(checked: Int, brokenKeys: [String], orphans: Int, strayShardFolders: [String] = [], fixed: Bool) {
    self.checked = checked
    self.brokenKeys = brokenKeys
    self.orphans = orphans
    self.strayShardFolders = strayShardFolders
    self.fixed = fixed
  }

  /// Whether nothing was broken, orphaned or stray.
  public var isClean: Bool { brokenKeys.isEmpty && orphans == 0 && strayShardFolders.isEmpty }
}

extension DiskEntry: Sendable {}
extension DiskCacheStatistics: Sendable {}
extension TrimReport: Sendable {}
extension VerifyReport: Sendable {}
