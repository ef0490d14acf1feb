import FoundationEssentials

/// The disk tier: encoded bytes plus HTTP freshness metadata, bounded by total bytes, LRU by last access,
/// order kept across restarts, safe for several processes at once.
public protocol DiskCaching: Sendable {
  /// Returns the entry and its bytes and records the access (batched: written within two seconds).
  /// A blob missing or damaged behind the cache's back is a miss, and the row is repaired (removed).
  func lookup(_ key: String) throws(DiskCacheError) -> DiskLookup?
  /// What one read of the index says about `keys`, for a prefetch, which would otherwise send every URL to the
  /// disk on its own: those with no entry (each counted as a miss, as its `lookup` would have been), and those
  /// whose file is present at its recorded size, fresh at `now` or stale with their entry for a revalidation (each
  /// counted as a hit, its access recorded). A fresh entry's bytes are not read. A stale one's are, and must pass
  /// `isSound`, because a 304 confirms the copy on disk: one that fails is removed and reported absent, to be
  /// fetched again without validators. Any other key (its file in trouble, or a stale entry without a recorded
  /// header) is left alone: `lookup` it as usual.
  func probe(_ keys: [String], freshAt now: Date, staleCopyIsSound isSound: ([UInt8]) -> Bool)
    throws(DiskCacheError) -> DiskProbe
  /// Atomically replaces any entry for `key`. Evicts least-recently-accessed entries to the low-water mark
  /// when the write crosses the byte limit.
  func store(_ key: String, data: [UInt8], metadata: DiskEntryMetadata) throws(DiskCacheError)
  /// Several stores as one atomic write (all or none).
  func store(batch writes: [DiskWrite]) throws(DiskCacheError)
  /// After a 304: new validators and expiry, same bytes; counts as an access.
  func refresh(_ key: String, metadata: DiskEntryMetadata) throws(DiskCacheError)
  /// Several refreshes as one atomic write (all or none).
  func refresh(batch refreshes: [DiskRefresh]) throws(DiskCacheError)
  /// Removes the entry for `key`, if any, and its file.
  func remove(_ key: String) throws(DiskCacheError)
  /// Removes every entry and file.
  func removeAll() throws(DiskCacheError)
  /// Evicts least-recently-accessed entries until the total is at most `maxBytes` (default: the low-water mark).
  @discardableResult func trim(toBytes maxBytes: Int?) throws(DiskCacheError) -> TrimReport
  /// Entry count, bytes, limit, hit and miss counts and the access-time range, after writing batched
  /// lookups.
  func statistics() throws(DiskCacheError) -> DiskCacheStatistics
  /// Entries, most recently accessed first.
  func entries(limit: Int?) throws(DiskCacheError) -> [DiskEntry]
  /// Checks every row has a readable blob of the recorded size that `isValid` accepts; with `fix`, removes
  /// broken rows and orphaned blobs.
  func verify(fix: Bool, isValid: ([UInt8]) -> Bool) throws(DiskCacheError) -> VerifyReport
  /// Writes batched access times and hit/miss counts now and closes the index. Optional: they are also written
  /// within two seconds of each lookup, and when the store is released.
  func close() throws(DiskCacheError)
}

extension DiskCaching {
  /// Knows nothing: every key is looked up on its own.
  public func probe(_ keys: [String], freshAt now: Date, staleCopyIsSound isSound: ([UInt8]) -> Bool)
    throws(DiskCacheError) -> DiskProbe
  { DiskProbe() }

  /// Stores each write in turn (an implementation without batching).
  public func store(batch writes: [DiskWrite]) throws(DiskCacheError) {
    for write in writes { try store(write.key, data: write.data, metadata: write.metadata) }
  }

  /// Refreshes each entry in turn (an implementation without batching).
  public func refresh(batch refreshes: [DiskRefresh]) throws(DiskCacheError) {
    for refresh in refreshes { try self.refresh(refresh.key, metadata: refresh.metadata) }
  }
}

/// See `DiskCaching.probe(_:freshAt:staleCopyIsSound:)`.
public struct DiskProbe: Equatable {
  /// Keys with no entry.
  public var absent: Set<String>
  /// Keys whose entry is fresh and whose file is in place.
  public var fresh: Set<String>
  /// Keys whose entry is past its freshness and whose file is in place, with the entry: its validators, and the
  /// header the index recorded (`DiskEntryMetadata.header`, never nil here), all a revalidation needs of it.
  public var stale: [String: DiskEntry]

  /// A probe result; by default, one that knows nothing.
  public init(absent: Set<String> = [], fresh: Set<String> = [], stale: [String: DiskEntry] = [:]) {
    self.absent = absent
    self.fresh = fresh
    self.stale = stale
  }
}

/// One entry to store (`DiskCaching.store(batch:)`).
public struct DiskWrite: Equatable {
  /// The key the entry is stored under.
  public var key: String
  /// The encoded bytes.
  public var data: [UInt8]
  /// Content type, size, validators and expiry.
  public var metadata: DiskEntryMetadata

  /// A write of `data` under `key`.
  public init(key: String, data: [UInt8], metadata: DiskEntryMetadata) {
    self.key = key
    self.data = data
    self.metadata = metadata
  }
}

/// What a 304 changes in an entry (`DiskCaching.refresh(batch:)`).
public struct DiskRefresh: Equatable {
  /// The key of the entry to refresh.
  public var key: String
  /// The new validators and expiry.
  public var metadata: DiskEntryMetadata

  /// A refresh of `key` with `metadata`.
  public init(key: String, metadata: DiskEntryMetadata) {
    self.key = key
    self.metadata = metadata
  }
}

/// What the index records beside an entry's bytes: what they are, and the HTTP validators and lifetimes
/// that decide whether they may be served.
public struct DiskEntryMetadata: Equatable {
  /// The MIME type (`image/png`, `image/jpeg`).
  public var contentType: String?
  /// The width in pixels, from the image header.
  public var width: Int?
  /// The height in pixels, from the image header.
  public var height: Int?
  /// The `ETag` to send as `If-None-Match` when revalidating.
  public var etag: String?
  /// The `Last-Modified` value to send as `If-Modified-Since` when revalidating.
  public var lastModified: String?
  /// After this, the entry must be revalidated before it counts as fresh.
  public var expiresAt: Date?
  /// Until when a stale copy may be served when revalidating it fails (`stale-if-error`; `must-revalidate`: the
  /// expiry itself); nil: no limit, offline first.
  public var staleIfErrorUntil: Date?
  /// Until when a stale copy is served at once and revalidated in the background (`stale-while-revalidate`).
  public var staleWhileRevalidateUntil: Date?

  /// Metadata with the given fields; those left out are unknown.
  public init(
    contentType: String? = nil, width: Int? = nil, height: Int? = nil, etag: String? = nil,
    lastModified: String? = nil, expiresAt: Date? = nil, staleIfErrorUntil: Date? = nil,
    staleWhileRevalidateUntil: Date? = nil
  ) {
    self.contentType = contentType
    self.width = width
    self.height = height
    self.etag = etag
    self.lastModified = lastModified
    self.expiresAt = expiresAt
    self.staleIfErrorUntil = staleIfErrorUntil
    self.staleWhileRevalidateUntil = staleWhileRevalidateUntil
  }
}

extension DiskEntryMetadata {
  /// The header the index recorded when the bytes were stored, if it recorded all of it.
  var header: ImageHeader? {
    guard let width, let height, let format = ImageFormat.allCases.first(where: { $0.contentType == contentType })
    else { return nil }
    return ImageHeader(format: format, width: width, height: height)
  }
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

/// An entry found on disk, with its bytes.
public struct DiskLookup: Equatable {
  /// The entry, its access time updated to this lookup.
  public var entry: DiskEntry
  /// The encoded bytes.
  public var data: [UInt8]
  /// False for an entry a prefetch's probe found with its file in place: `data` is empty, the bytes are on disk.
  var bytesRead = true

  /// A lookup result of `entry` with `data`.
  public init(entry: DiskEntry, data: [UInt8]) {
    self.entry = entry
    self.data = data
  }

  /// An entry whose bytes were not read (`DiskProbe.stale`).
  init(unreadEntry entry: DiskEntry) {
    self.entry = entry
    self.data = []
    self.bytesRead = false
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

/// What `DiskCaching.trim(toBytes:)` removed.
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

/// What `DiskCaching.verify(fix:isValid:)` found (and, with `fix`, repaired).
public struct VerifyReport: Equatable {
  /// Entries checked.
  public var checked: Int
  /// Keys whose blob is missing, the wrong size, or rejected by the validator.
  public var brokenKeys: [String]
  /// Blobs with no index row.
  public var orphans: Int
  /// Whether broken entries and orphaned files were removed.
  public var fixed: Bool

  /// A report with the given findings.
  public init(checked: Int, brokenKeys: [String], orphans: Int, fixed: Bool) {
    self.checked = checked
    self.brokenKeys = brokenKeys
    self.orphans = orphans
    self.fixed = fixed
  }

  /// Whether nothing was broken or orphaned.
  public var isClean: Bool { brokenKeys.isEmpty && orphans == 0 }
}

/// Why the disk tier failed; its description says what to do.
public enum DiskCacheError: Error, Equatable {
  /// ENOSPC or SQLITE_FULL: nothing half-written was kept.
  case diskFull(path: String)
  /// The folder cannot be created or written, or is a file.
  case notWritable(path: String, reason: String)
  /// The index cannot be read as an SQLite database; `imgcache clear` starts afresh.
  case corruptDatabase(path: String, reason: String)
  /// Any other failure to read or write the cache, or use after `close()`.
  case io(String)
}

extension DiskCacheError: CustomStringConvertible {
  /// One line saying what failed and what to do.
  public var description: String {
    switch self {
    case .diskFull(let path): "disk full while writing the cache at \(path); free some space or lower --max-disk"
    case .notWritable(let path, let reason):
      "cache folder \(path) is not writable (\(reason)); choose another with --cache-dir"
    case .corruptDatabase(let path, let reason):
      "cache index at \(path) is damaged (\(reason)); run `imgcache clear` to start afresh"
    case .io(let message): "cache I/O error: \(message)"
    }
  }
}

extension DiskEntryMetadata: Sendable {}
extension DiskWrite: Sendable {}
extension DiskRefresh: Sendable {}
extension DiskEntry: Sendable {}
extension DiskLookup: Sendable {}
extension DiskCacheStatistics: Sendable {}
extension TrimReport: Sendable {}
extension VerifyReport: Sendable {}
extension DiskCacheError: Sendable {}
extension DiskProbe: Sendable {}
