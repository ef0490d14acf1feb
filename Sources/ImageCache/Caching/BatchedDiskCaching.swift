import FoundationEssentials

/// The shortcuts the pipeline takes with `DiskStore`: a prefetch's one read of the index for many keys, and group
/// commits of stores and 304 refreshes. `package`, because their types follow the pipeline and the index: a
/// user's `DiskCaching` is used through its package requirements instead, one key at a time. The manager casts its
/// disk tier to this protocol once, when it is made, not per request.
package protocol BatchedDiskCaching: DiskCaching {
  /// What one read of the index says about `keys`, for a prefetch, which would otherwise send every URL to the
  /// disk on its own: those with no entry (each counted as a miss, as its `lookup` would have been), and those
  /// whose file is present at its recorded size, fresh at `now` or stale with their entry for a revalidation (each
  /// counted as a hit, its access recorded). A fresh entry's bytes are not read. A stale one's are, and must pass
  /// `isSound`, because a 304 confirms the copy on disk: one that fails is removed and reported absent, to be
  /// fetched again without validators. Any other key (its file in trouble, or a stale entry without a recorded
  /// header) is left alone: `lookup` it as usual.
  func probe(_ keys: [String], freshAt now: Date, staleCopyIsSound isSound: ([UInt8]) -> Bool)
    throws(DiskCacheError) -> DiskProbe
  /// Several stores as one atomic write (all or none).
  func store(batch writes: [DiskWrite]) throws(DiskCacheError)
  /// Several refreshes as one atomic write (all or none).
  func refresh(batch refreshes: [DiskRefresh]) throws(DiskCacheError)
}

/// See `BatchedDiskCaching.probe(_:freshAt:staleCopyIsSound:)`.
package struct DiskProbe: Equatable {
  /// Keys with no entry.
  package var absent: Set<String>
  /// Keys whose entry is fresh and whose file is in place.
  package var fresh: Set<String>
  /// Keys whose entry is past its freshness and whose file is in place, with the entry: its validators, and the
  /// header the index recorded (`DiskEntryMetadata.header`, never nil here), all a revalidation needs of it.
  package var stale: [String: DiskEntry]

  /// A probe result; by default, one that knows nothing.
  package init(absent: Set<String> = [], fresh: Set<String> = [], stale: [String: DiskEntry] = [:]) {
    self.absent = absent
    self.fresh = fresh
    self.stale = stale
  }
}

/// What a prefetch's batch probe (`BatchedDiskCaching.probe`) found for a key that needs the network: no entry (its
/// miss counted), or an entry past its freshness with its file in place, whose bytes were not read.
enum ProbedEntry: Sendable {
  case absent
  case stale(DiskEntry)

  /// The copy a revalidation would confirm, its bytes left on disk (read only if the server changed the image or
  /// cannot be reached); nil when there is none.
  var unreadCopy: DiskLookup? {
    guard case .stale(let entry) = self else { return nil }
    return DiskLookup(unreadEntry: entry)
  }
}

/// One entry to store (`BatchedDiskCaching.store(batch:)`).
package struct DiskWrite: Equatable {
  /// The key the entry is stored under.
  package var key: String
  /// The encoded bytes.
  package var data: [UInt8]
  /// Content type, size, validators and expiry.
  package var metadata: DiskEntryMetadata

  /// A body already in its file, unnamed until the write commits (`data` is empty then).
  var file: StreamedBlob?

  /// A write of `data` under `key`.
  package init(key: String, data: [UInt8], metadata: DiskEntryMetadata) {
    self.key = key
    self.data = data
    self.metadata = metadata
  }

  /// A write of the body streamed into `file` under `key`.
  init(key: String, file: StreamedBlob, metadata: DiskEntryMetadata) {
    self.init(key: key, data: [], metadata: metadata)
    self.file = file
  }

  /// The size of the file it makes.
  var byteSize: Int { file?.size ?? data.count }
}

/// What a 304 changes in an entry (`BatchedDiskCaching.refresh(batch:)`).
package struct DiskRefresh: Equatable {
  /// The key of the entry to refresh.
  package var key: String
  /// The new validators and expiry.
  package var metadata: DiskEntryMetadata

  /// A refresh of `key` with `metadata`.
  package init(key: String, metadata: DiskEntryMetadata) {
    self.key = key
    self.metadata = metadata
  }
}

/// An entry as the pipeline holds it: found by `lookup`, or by a prefetch's probe with its bytes left on disk.
/// Internal: a user's cache answers with `DiskCacheHit`, which has no bytes-left-on-disk state to get wrong.
struct DiskLookup: Equatable, Sendable {
  /// Validators, lifetimes, and the image's type and size if recorded.
  var metadata: DiskEntryMetadata
  /// The encoded bytes; empty when `bytesRead` is false.
  var data: [UInt8]
  /// False for an entry a prefetch's probe found with its file in place: `data` is empty, the bytes are on disk.
  var bytesRead = true

  /// What `DiskCaching.lookup(_:)` found.
  init(_ hit: DiskCacheHit) {
    self.metadata = hit.metadata
    self.data = hit.data
  }

  /// An entry whose bytes were not read (`DiskProbe.stale`).
  init(unreadEntry entry: DiskEntry) {
    self.metadata = entry.metadata
    self.data = []
    self.bytesRead = false
  }

  /// Whether the bytes may be served without revalidation at `now`.
  func isFresh(at now: Date) -> Bool { metadata.isFresh(at: now) }
}

extension DiskWrite: Sendable {}
extension DiskRefresh: Sendable {}
extension DiskProbe: Sendable {}
