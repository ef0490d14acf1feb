import FoundationEssentials

/// The disk tier a user plugs into `ImageManager`: encoded bytes under a key, with the HTTP metadata that decides
/// whether they may be served. `DiskStore` is the one ImageCache ships (bounded, LRU, shared by several
/// processes); another implementation needs only `lookup`, `store`, `remove` and `removeAll`.
///
/// The manager calls these off the cooperative pool, from several threads at once. A failed `store` does not fail
/// `image(for:)`, which still answers with the downloaded image; `data(for:)`, whose point is keeping the bytes,
/// throws it. See "Plugging in a disk tier" in the documentation.
public protocol DiskCaching: Sendable {
  /// The bytes and metadata stored under `key`, or nil. Bytes found missing or damaged are a miss (nil): the manager
  /// then fetches the image again and stores a good copy.
  func lookup(_ key: String) throws(DiskCacheError) -> DiskCacheHit?
  /// Replaces any entry for `key`, all or nothing: a later `lookup` sees the old entry or the new one, whole.
  func store(_ key: String, data: [UInt8], metadata: DiskEntryMetadata) throws(DiskCacheError)
  /// After a 304: new validators and expiry for the same bytes. By default, a `lookup` and a `store` of what it
  /// found; nothing when the entry is gone.
  func refresh(_ key: String, metadata: DiskEntryMetadata) throws(DiskCacheError)
  /// Removes the entry for `key`, if any.
  func remove(_ key: String) throws(DiskCacheError)
  /// Removes every entry.
  func removeAll() throws(DiskCacheError)
  /// Writes whatever the cache holds back and releases it (`ImageManager.close()`); by default, nothing to do.
  func close() throws(DiskCacheError)
}

extension DiskCaching {
  /// Stores the bytes `lookup` finds again under the new metadata: for a cache that cannot change metadata alone.
  public func refresh(_ key: String, metadata: DiskEntryMetadata) throws(DiskCacheError) {
    guard let found = try lookup(key) else { return }
    try store(key, data: found.data, metadata: metadata)
  }

  /// Nothing to write back or release.
  public func close() throws(DiskCacheError) {}
}

/// What `DiskCaching.lookup(_:)` found: the bytes and what was stored beside them.
public struct DiskCacheHit: Equatable, Sendable {
  /// The encoded bytes, as stored.
  public var data: [UInt8]
  /// What was stored with them: validators, lifetimes, and the image's type and size if known.
  public var metadata: DiskEntryMetadata

  /// A hit of `data` stored with `metadata`.
  public init(data: [UInt8], metadata: DiskEntryMetadata) {
    self.data = data
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

extension DiskEntryMetadata {
  /// Whether the bytes may be served without revalidation at `now` (`DiskEntry.isFresh(expiresAt:at:)`).
  func isFresh(at now: Date) -> Bool { DiskEntry.isFresh(expiresAt: expiresAt, at: now) }
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
extension DiskCacheError: Sendable {}
