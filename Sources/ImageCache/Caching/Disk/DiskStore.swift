import Dispatch
import FoundationEssentials
internal import ImageCacheSupport
import Logging
import Synchronization

/// The disk tier: an index in one SQLite file in WAL mode, the bytes in files named by a hash of their key
/// (see cache/README.md for the layout and the measurements behind it).
///
/// Several processes may open the same folder: readers never block, writers take an IMMEDIATE transaction and
/// wait for each other (`SharedSQLite`). A file is complete before the row that names it commits, and is unlinked
/// only after the row is gone, so a crash at any moment leaves either the old or the new entry, never a
/// half-written one; at worst it leaves an unnamed file, which `verify --fix` and `trim` collect.
public final class DiskStore: DiskCacheMaintenance, StreamedBodyStoring {
  /// Charged per entry on top of its bytes and key: the index row, its index entry and page slack.
  public static let entryOverheadBytes = 256
  /// Files take whole file-system blocks; the charge counts what the disk really gives up.
  public static let fileBlockBytes = 4096
  /// A file no row names is only collected once it is this old: another process may have written it and not
  /// yet committed its row.
  static let orphanGracePeriod: TimeInterval = 60
  /// Lookups batched before their access times and hit/miss counts are written.
  static let accessFlushThreshold = 64
  /// Longest, in seconds, that a lookup's access time and hit/miss count wait in memory before they are written: a
  /// program that never calls `close()` loses at most this much of the access order. Stores, refreshes and
  /// removals commit before they return, so nothing else is at stake.
  static let accessFlushInterval = 2.0
  /// How long a write waits for another process's write lock on the index before it fails (a lookup never waits:
  /// readers do not block in WAL mode).
  public static let defaultLockTimeout: Duration = .seconds(5)

  /// The cache folder: `cache.sqlite` (the index) and `blobs/` (one file per entry).
  public let directory: URL
  /// The index file, `cache.sqlite` in `directory`.
  public let databaseURL: URL
  /// The most the entries may be charged in total (`chargedBytes(key:byteSize:)`).
  public let maxBytes: Int
  /// Eviction stops at this total, so a full cache does not evict on every single store.
  public let lowWaterBytes: Int

  /// The index in use: replaced by a new, empty one when it turns out damaged (`IndexRecovery`).
  let index: Mutex<OpenDatabase>
  /// Held while a damaged index is being replaced, so only one thread does it.
  let recovery = Mutex(())
  let lockWait: IndexLockWait
  let logger: Logger
  let blobs: BlobFolder
  /// Bodies a loader streams in are written into `blobs`, where the entries that name them commit.
  var streamedBodyFolder: BlobFolder { blobs }
  let clock: @Sendable () -> Date
  /// The lookups not yet written, and whether the store is closed.
  let session = Mutex(Session())
  /// Runs the timed flushes, one at a time; `close()` waits for one in progress.
  let flushQueue = DispatchQueue(label: "ImageCache.DiskStore.flush", qos: .utility)

  /// What `session` guards.
  struct Session {
    var pending = PendingAccesses()
    var isClosed = false
    /// A timed flush is due: the first lookup recorded since the last one set it.
    var flushIsScheduled = false
  }

  /// Opens (creating if needed) the cache in `directory`. A damaged index is moved aside and replaced by a new one,
  /// with one warning through `logger`. A write waits at most `lockTimeout` for another process's write lock.
  public init(
    directory: URL, maxBytes: Int = 512 << 20, lowWaterRatio: Double = 0.9,
    lockTimeout: Duration = DiskStore.defaultLockTimeout,
    logger: Logger = Logger(label: "imgcache"),
    clock: @escaping @Sendable () -> Date = Date.init
  ) throws(DiskCacheError) {
    precondition(maxBytes > 0 && lowWaterRatio > 0 && lowWaterRatio <= 1, "invalid cache limits")
    self.directory = directory
    self.databaseURL = directory.appendingPathComponent("cache.sqlite")
    self.maxBytes = maxBytes
    self.lowWaterBytes = Int(Double(maxBytes) * lowWaterRatio)
    self.clock = clock
    self.logger = logger
    self.blobs = BlobFolder(root: directory.appendingPathComponent("blobs", isDirectory: true))
    let path = databaseURL.path
    let lockWait = IndexLockWait(path: path, timeout: lockTimeout, logger: logger)
    self.lockWait = lockWait

    try CacheDirectory.prepare(directory)
    try CacheDirectory.createPrivateFile(databaseURL)
    index = Mutex(
      try IndexRecovery.open(path: path, logger: logger) { path in try Self.openPool(path: path, lockWait: lockWait) })
  }

  /// One pool on the index at `path`, the schema installed; every connection waits for locks through `lockWait`.
  static func openPool(path: String, lockWait: IndexLockWait) throws -> SQLiteDatabase {
    try SharedSQLite.openPool(path: path, busyHandler: lockWait.busyHandler, prepare: DiskSchema.prepare) {
      try DiskSchema.install(in: $0)
    }
  }

  /// The pool of the index in use.
  var pool: SQLiteDatabase { openIndex.pool }
  var openIndex: OpenDatabase { index.withLock { $0 } }

  deinit {
    // Best effort: a store dropped without close() still keeps the order of its last lookups.
    let batch = session.withLock { $0.isClosed ? PendingAccesses() : $0.pending.take() }
    if !batch.isEmpty {
      _ = try? pool.write { db in try Self.apply(batch, in: db) }
    }
    // Another process moved this index aside as damaged: its pool must not close (`SQLiteDatabase.abandon`).
    let index = openIndex
    if !index.isStill(at: databaseURL.path) { index.pool.abandon() }
  }

  // MARK: - DiskCaching

  /// The bytes and metadata under `key`; records the access (batched: written within two seconds). A file missing
  /// or damaged behind the cache's back is a miss, and its row is removed.
  public func lookup(_ key: String) throws(DiskCacheError) -> DiskCacheHit? {
    try ensureOpen()
    let now = clock()
    // One SELECT is atomic on its own: skipping BEGIN/COMMIT around it halves the cost of a hit.
    let found = try perform { try pool.unsafeRead { db in try StoredEntry.fetch(key, in: db) } }
    guard let found else {
      recordMiss()
      return nil
    }
    guard let data = blobs.read(found.file, expectedSize: found.entry.byteSize) else {
      // Missing or damaged behind our back: drop the row so the caller refetches and stores a good copy. Only
      // this version's row: another process may have stored a new one meanwhile. If that write fails (the lock
      // is busy), the row is dropped on a later lookup or by `verify`; this is still a miss.
      _ = try? writeTransaction { db in
        try db.execute(
          sql: "DELETE FROM entry WHERE id = ? AND file = ?", arguments: [found.id, found.file])
      }
      recordMiss()
      return nil
    }
    recordHit(key, at: now)
    return DiskCacheHit(data: data, metadata: found.entry.metadata)
  }

  public func store(_ key: String, data: [UInt8], metadata: DiskEntryMetadata) throws(DiskCacheError) {
    try store(batch: [DiskWrite(key: key, data: data, metadata: metadata)])
  }

  public func refresh(_ key: String, metadata: DiskEntryMetadata) throws(DiskCacheError) {
    try refresh(batch: [DiskRefresh(key: key, metadata: metadata)])
  }

  /// Removes the entry for `key`, if any; its file goes once the removal has committed.
  public func remove(_ key: String) throws(DiskCacheError) {
    try ensureOpen()
    session.withLock { $0.pending.forget(key) }
    try writeTransaction { db in
      try db.execute(sql: "DELETE FROM entry WHERE key = ?", arguments: [key])
    }
  }

  /// Removes every entry and file.
  public func removeAll() throws(DiskCacheError) {
    try ensureOpen()
    try writeTransaction { db in
      try db.execute(sql: "DELETE FROM entry")
    }
    // Whatever a crashed writer left, at any age: the folder is meant to be empty now.
    collectOrphans(olderThan: nil)
    reclaimFreePages()
  }

  public func close() throws(DiskCacheError) {
    let alreadyClosed = session.withLock { $0.isClosed }
    guard !alreadyClosed else { return }
    try flush()
    session.withLock { $0.isClosed = true }
    // A timed flush that already started finishes before the pool closes; one that starts later sees the flag.
    flushQueue.sync {}
    let index = openIndex
    guard index.isStill(at: databaseURL.path) else {
      index.pool.abandon()
      return
    }
    index.pool.close()
  }

  // MARK: - Plumbing

  /// Runs `body` in one IMMEDIATE transaction (`SQLiteDatabase.write`), after writing the batched accesses so
  /// eviction sees the true order. If anything fails, the transaction rolls back and the batch is kept.
  /// Once it has committed, the files of rows it deleted or replaced (and any a crashed process left doomed) are
  /// unlinked: every path that drops a row goes through here, so none has to remember to.
  @discardableResult
  func writeTransaction<T>(_ body: (SQLiteConnection) throws -> T) throws(DiskCacheError) -> T {
    try lockWait.refuseWhileLockedOut()
    let batch = session.withLock { $0.pending.take() }
    let (result, doomed): (T, [String])
    do {
      (result, doomed) = try withIndex { pool in
        try pool.write { db in
          try Self.apply(batch, in: db)
          let result = try body(db)
          return (result, try Self.doomedFiles(in: db))
        }
      }
    } catch {
      session.withLock { $0.pending.restore(batch) }
      throw lockWait.reported(error)
    }
    unlinkDoomed(doomed)
    return result
  }

  func ensureOpen() throws(DiskCacheError) {
    let closed = session.withLock { $0.isClosed }
    if closed { throw .io("the cache at \(databaseURL.path) was closed") }
  }

  /// Runs `body`, which reads `pool`, recovering from a damaged index (`withIndex`) and translating errors.
  func perform<T>(_ body: () throws -> T) throws(DiskCacheError) -> T {
    do {
      return try withIndex { _ in try body() }
    } catch {
      throw lockWait.reported(error)
    }
  }

}
