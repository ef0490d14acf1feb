import Foundation

/// The disk tier: encoded bytes plus HTTP freshness metadata, bounded by total bytes, LRU by last access,
/// order kept across restarts, safe for several processes at once.
public protocol DiskCaching: Sendable {
  /// Returns the entry and its bytes and records the access (may be batched; kept on `close()`).
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
  func remove(_ key: String) throws(DiskCacheError)
  func removeAll() throws(DiskCacheError)
  /// Evicts least-recently-accessed entries until the total is at most `maxBytes` (default: the low-water mark).
  @discardableResult func trim(toBytes maxBytes: Int?) throws(DiskCacheError) -> TrimReport
  func statistics() throws(DiskCacheError) -> DiskCacheStatistics
  /// Entries, most recently accessed first.
  func entries(limit: Int?) throws(DiskCacheError) -> [DiskEntry]
  /// Checks every row has a readable blob of the recorded size that `isValid` accepts; with `fix`, removes
  /// broken rows and orphaned blobs.
  func verify(fix: Bool, isValid: ([UInt8]) -> Bool) throws(DiskCacheError) -> VerifyReport
  /// Writes batched access times. Call on normal exit.
  func close() throws(DiskCacheError)
}

extension DiskCaching {
  /// Knows nothing: every key is looked up on its own.
  public func probe(_ keys: [String], freshAt now: Date, staleCopyIsSound isSound: ([UInt8]) -> Bool)
    throws(DiskCacheError) -> DiskProbe
  { DiskProbe() }

  public func store(batch writes: [DiskWrite]) throws(DiskCacheError) {
    for write in writes { try store(write.key, data: write.data, metadata: write.metadata) }
  }

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

  public init(absent: Set<String> = [], fresh: Set<String> = [], stale: [String: DiskEntry] = [:]) {
    self.absent = absent
    self.fresh = fresh
    self.stale = stale
  }
}

public struct DiskWrite: Equatable {
  public var key: String
  public var data: [UInt8]
  public var metadata: DiskEntryMetadata

  public init(key: String, data: [UInt8], metadata: DiskEntryMetadata) {
    self.key = key
    self.data = data
    self.metadata = metadata
  }
}

/// What a 304 changes in an entry (`DiskCaching.refresh(batch:)`).
public struct DiskRefresh: Equatable {
  public var key: String
  public var metadata: DiskEntryMetadata

  public init(key: String, metadata: DiskEntryMetadata) {
    self.key = key
    self.metadata = metadata
  }
}

public struct DiskEntryMetadata: Equatable {
  public var contentType: String?
  public var width: Int?
  public var height: Int?
  public var etag: String?
  public var lastModified: String?
  /// After this, the entry must be revalidated before it counts as fresh.
  public var expiresAt: Date?
  /// Until when a stale copy may be served when revalidating it fails (`stale-if-error`; `must-revalidate`: the
  /// expiry itself); nil: no limit, offline first.
  public var staleIfErrorUntil: Date?
  /// Until when a stale copy is served at once and revalidated in the background (`stale-while-revalidate`).
  public var staleWhileRevalidateUntil: Date?

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

public struct DiskEntry: Equatable {
  public var key: String
  /// Bytes of the blob.
  public var byteSize: Int
  public var metadata: DiskEntryMetadata
  public var createdAt: Date
  public var lastAccessAt: Date

  public init(key: String, byteSize: Int, metadata: DiskEntryMetadata, createdAt: Date, lastAccessAt: Date) {
    self.key = key
    self.byteSize = byteSize
    self.metadata = metadata
    self.createdAt = createdAt
    self.lastAccessAt = lastAccessAt
  }

  public func isFresh(at now: Date) -> Bool {
    Self.isFresh(expiresAt: metadata.expiresAt, at: now)
  }

  /// The rule, for callers holding only the expiry (the prefetch probe): no expiry means revalidate.
  static func isFresh(expiresAt: Date?, at now: Date) -> Bool {
    guard let expiresAt else { return false }
    return now < expiresAt
  }
}

public struct DiskLookup: Equatable {
  public var entry: DiskEntry
  public var data: [UInt8]
  /// False for an entry a prefetch's probe found with its file in place: `data` is empty, the bytes are on disk.
  var bytesRead = true

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

public struct DiskCacheStatistics: Equatable {
  public var entryCount: Int
  /// Blob bytes plus per-entry metadata overhead: what the limit is checked against.
  public var totalBytes: Int
  public var maxBytes: Int
  public var hits: Int
  public var misses: Int
  public var oldestAccess: Date?
  public var newestAccess: Date?

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

public struct TrimReport: Equatable {
  public var removedEntries: Int
  public var removedBytes: Int
  public var remainingBytes: Int

  public init(removedEntries: Int, removedBytes: Int, remainingBytes: Int) {
    self.removedEntries = removedEntries
    self.removedBytes = removedBytes
    self.remainingBytes = remainingBytes
  }
}

public struct VerifyReport: Equatable {
  public var checked: Int
  /// Keys whose blob is missing, the wrong size, or rejected by the validator.
  public var brokenKeys: [String]
  /// Blobs with no index row.
  public var orphans: Int
  public var fixed: Bool

  public init(checked: Int, brokenKeys: [String], orphans: Int, fixed: Bool) {
    self.checked = checked
    self.brokenKeys = brokenKeys
    self.orphans = orphans
    self.fixed = fixed
  }

  public var isClean: Bool { brokenKeys.isEmpty && orphans == 0 }
}

public enum DiskCacheError: Error, Equatable {
  /// ENOSPC or SQLITE_FULL: nothing half-written was kept.
  case diskFull(path: String)
  /// The folder cannot be created or written, or is a file.
  case notWritable(path: String, reason: String)
  case corruptDatabase(path: String, reason: String)
  case io(String)
}

extension DiskCacheError: CustomStringConvertible {
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
