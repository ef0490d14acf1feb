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

  /// The index now: replaced by a new, empty one when it turns out damaged (`IndexRecovery`).
  let index: Mutex<OpenIndex>
  /// Held while a damaged index is being replaced, so only one thread does it.
  let recovery = Mutex(())
  let lockWait: IndexLockWait
  let logger: Logger
  let blobs: BlobFolder
  /// Bodies a loader streams in are written into `blobs`, where the entries that name them commit.
  var streamedBodyFolder: BlobFolder { blobs }
  let clock: @Sendable () -> Date
  private let session = Mutex(Session())
  /// Runs the timed flushes, one at a time; `close()` waits for one in progress.
  private let flushQueue = DispatchQueue(label: "ImageCache.DiskStore.flush", qos: .utility)

  private struct Session {
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

  /// The index's pool now.
  var pool: SQLiteDatabase { openIndex.pool }
  var openIndex: OpenIndex { index.withLock { $0 } }

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

  package func probe(_ keys: [String], freshAt now: Date, staleCopyIsSound isSound: ([UInt8]) -> Bool)
    throws(DiskCacheError) -> DiskProbe
  {
    guard !keys.isEmpty else { return DiskProbe() }
    try ensureOpen()
    // One read transaction for the whole batch, one index search per key.
    var result = DiskProbe()
    var damaged: [(key: String, file: String)] = []
    try perform {
      try pool.read { db in
        let probe = try db.cachedStatement(sql: DiskQueries.probe)
        for key in keys {
          let found = try probe.fetchOne([key]) { row -> (DiskEntry, String) in
            (StoredEntry.entry(from: row), row[StoredEntry.entryColumnCount])
          }
          guard case (var entry, let file)? = found else {
            result.absent.insert(key)
            continue
          }
          if entry.isFresh(at: now) {
            // A stat, not a read: whether fresh bytes still decode is `verify`'s business, as for a lookup.
            guard blobs.hasFile(file, size: entry.byteSize) else { continue }
            result.fresh.insert(key)
          } else if entry.metadata.header != nil {
            // Only with the header the index recorded can a 304 answer without the bytes; else a lookup reads them.
            // A 304 confirms what is on disk, so those bytes must check out (5.6 µs for a 74 KB PNG): a copy
            // whose bytes rotted, its size unchanged, would otherwise be confirmed again and again.
            guard let bytes = blobs.read(file, expectedSize: entry.byteSize) else { continue }
            guard isSound(bytes) else {
              damaged.append((key, file))
              result.absent.insert(key)
              continue
            }
            entry.lastAccessAt = now
            result.stale[key] = entry
          }
        }
      }
    }
    if !damaged.isEmpty {
      // Only the version probed: another process may have stored a new one meanwhile. If this write fails, the
      // download's store replaces the row anyway.
      _ = try? writeTransaction { db in
        for (key, file) in damaged {
          try db.execute(sql: "DELETE FROM entry WHERE key = ? AND file = ?", arguments: [key, file])
        }
      }
    }
    // Misses alone are counted, not flushed: a probe comes before fetches whose stores write the count in their
    // own transaction (`writeTransaction`), and a flush now would wait for the writer and hold up the caller.
    // Fresh and stale keys are hits whose access times matter, flushed like any lookup's once the batch is full.
    let batchIsFull = record { pending in
      for _ in result.absent { pending.recordMiss() }
      for key in result.fresh { pending.recordHit(key, at: now) }
      for key in result.stale.keys { pending.recordHit(key, at: now) }
    }
    if !result.fresh.isEmpty || !result.stale.isEmpty { flushIfFull(batchIsFull) }
    return result
  }

  public func store(_ key: String, data: [UInt8], metadata: DiskEntryMetadata) throws(DiskCacheError) {
    try store(batch: [DiskWrite(key: key, data: data, metadata: metadata)])
  }

  /// Several entries in one transaction: under load the commit, not the bytes, is what costs. The files are
  /// written first; if the transaction fails they are unlinked again.
  package func store(batch writes: [DiskWrite]) throws(DiskCacheError) {
    guard !writes.isEmpty else { return }
    try ensureOpen()
    let now = clock()
    let charges = writes.map { Self.chargedBytes(key: $0.key, byteSize: $0.byteSize) }
    var files: [String?] = []
    let evicted: Int
    do {
      for (write, charge) in zip(writes, charges) {
        files.append(charge <= lowWaterBytes ? try blobs.write(write) : nil)
      }
      evicted = try writeTransaction { db -> Int in
        var counters = try IndexCounters(in: db)
        var lastID: Int64?
        for ((write, charge), file) in zip(zip(writes, charges), files) {
          guard let file else {
            // It would evict everything else and itself: not kept, and an older copy must not linger.
            try db.execute(sql: "DELETE FROM entry WHERE key = ?", arguments: [write.key])
            continue
          }
          lastID = try StoredEntry.upsert(
            key: write.key, file: file, byteSize: write.byteSize, chargedBytes: charge, metadata: write.metadata,
            at: now, counting: &counters, in: db)
        }
        try counters.write(in: db)
        guard try Self.totalBytes(in: db) > maxBytes else { return 0 }
        return try Self.evict(downTo: lowWaterBytes, sparing: lastID, in: db).removedEntries
      }
    } catch {
      // Nothing names these files: a failed write or commit leaves none behind.
      for case let name? in files { blobs.remove(name) }
      throw error
    }
    if evicted > 0 { reclaimFreePages() }
  }

  public func refresh(_ key: String, metadata: DiskEntryMetadata) throws(DiskCacheError) {
    try refresh(batch: [DiskRefresh(key: key, metadata: metadata)])
  }

  /// Several 304s in one transaction: a warm of stale entries answers hundreds at once, and one transaction each
  /// cost more than the requests (BENCHMARKS.md).
  package func refresh(batch refreshes: [DiskRefresh]) throws(DiskCacheError) {
    guard !refreshes.isEmpty else { return }
    try ensureOpen()
    let now = clock()
    try writeTransaction { db in
      for refresh in refreshes {
        try StoredEntry.updateMetadata(key: refresh.key, metadata: refresh.metadata, at: now, in: db)
      }
    }
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

  @discardableResult
  public func trim(toBytes maxBytes: Int? = nil) throws(DiskCacheError) -> TrimReport {
    try ensureOpen()
    let target = max(0, maxBytes ?? lowWaterBytes)
    let report = try writeTransaction { db in try Self.evict(downTo: target, sparing: nil, in: db) }
    collectOrphans(olderThan: Self.orphanGracePeriod)
    if report.removedEntries > 0 { reclaimFreePages() }
    return report
  }

  /// Entry count, bytes, limit, hit and miss counts and the access-time range, after writing batched
  /// lookups.
  public func statistics() throws(DiskCacheError) -> DiskCacheStatistics {
    try ensureOpen()
    try flush()
    return try perform {
      try pool.read { db in
        let counters = try Self.counters(in: db)
        let range = try db.statement(sql: DiskQueries.accessRange).fetchOne { row -> (Double?, Double?) in
          (row[0], row[1])
        }
        let oldest = range?.0
        let newest = range?.1
        return DiskCacheStatistics(
          entryCount: counters["entries", default: 0], totalBytes: counters["bytes", default: 0], maxBytes: maxBytes,
          hits: counters["hits", default: 0], misses: counters["misses", default: 0],
          oldestAccess: oldest.map(Date.init(timeIntervalSince1970:)),
          newestAccess: newest.map(Date.init(timeIntervalSince1970:)))
      }
    }
  }

  public func entries(limit: Int? = nil) throws(DiskCacheError) -> [DiskEntry] {
    try ensureOpen()
    try flush()
    return try perform { try pool.read { db in try StoredEntry.mostRecentFirst(limit: limit, in: db) } }
  }

  public func verify(fix: Bool, isValid: ([UInt8]) -> Bool) throws(DiskCacheError) -> VerifyReport {
    try ensureOpen()
    var audit = try perform {
      try DiskAudit.run(
        pool: pool, blobs: blobs, orphansOlderThan: Date().addingTimeInterval(-Self.orphanGracePeriod),
        isValid: isValid)
    }
    if !audit.broken.isEmpty {
      let found = audit
      audit.broken = try writeTransaction { db in
        let broken = try found.stillBroken(in: db, blobs: blobs, isValid: isValid)
        if fix { try DiskAudit.removeRows(broken, in: db) }
        return broken
      }
    }
    if fix && !audit.isClean {
      for name in audit.orphanFiles { blobs.remove(listed: name) }
      reclaimFreePages()
    }
    return VerifyReport(
      checked: audit.checked, brokenKeys: audit.broken.map(\.key), orphans: audit.orphanFiles.count,
      fixed: fix && !audit.isClean)
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

  // MARK: - Accounting

  /// What an entry counts against `maxBytes`: its file rounded up to whole blocks, its key (stored twice: row
  /// and unique index) and a fixed estimate for the rest of the row.
  public static func chargedBytes(key: String, byteSize: Int) -> Int {
    let blocks = (byteSize + fileBlockBytes - 1) / fileBlockBytes
    return blocks * fileBlockBytes + 2 * key.utf8.count + entryOverheadBytes
  }

  static func counters(in db: SQLiteConnection) throws -> [String: Int] {
    var values: [String: Int] = [:]
    try db.statement(sql: "SELECT name, value FROM counter").forEachRow { row in
      values[row[0]] = row[1] as Int
      return true
    }
    return values
  }

  static func totalBytes(in db: SQLiteConnection) throws -> Int {
    try db.cachedStatement(sql: "SELECT value FROM counter WHERE name = 'bytes'").fetchValue(as: Int.self) ?? 0
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

  /// Writes batched access times and counters, if any.
  func flush() throws(DiskCacheError) {
    let hasPending = session.withLock { !$0.pending.isEmpty }
    if hasPending { try writeTransaction { _ in } }
  }

  private static func apply(_ batch: PendingAccesses, in db: SQLiteConnection) throws {
    guard !batch.isEmpty else { return }
    // max(): another process may have recorded a later access meanwhile.
    let touch = try db.cachedStatement(
      sql: "UPDATE entry SET last_access_at = max(last_access_at, ?) WHERE key = ?")
    for (key, date) in batch.lastAccess {
      try touch.execute([date.timeIntervalSince1970, key])
    }
    let count = try db.cachedStatement(sql: "UPDATE counter SET value = value + ? WHERE name = ?")
    if batch.hits > 0 { try count.execute([batch.hits, "hits"]) }
    if batch.misses > 0 { try count.execute([batch.misses, "misses"]) }
  }

  private func recordHit(_ key: String, at date: Date) {
    flushIfFull(record { $0.recordHit(key, at: date) })
  }

  private func recordMiss() {
    flushIfFull(record { $0.recordMiss() })
  }

  /// Applies `update` to the pending accesses; returns whether the batch is now due to be written. The first
  /// lookup after a flush sets the timer that writes the batch if nothing else does first.
  private func record(_ update: (inout PendingAccesses) -> Void) -> Bool {
    let (isFull, startTimer) = session.withLock { session in
      update(&session.pending)
      let startTimer = !session.flushIsScheduled && !session.isClosed
      if startTimer { session.flushIsScheduled = true }
      return (session.pending.lookupCount >= Self.accessFlushThreshold, startTimer)
    }
    if startTimer { scheduleFlush() }
    return isFull
  }

  /// Weakly held: a store dropped meanwhile writes its batch in `deinit`.
  private func scheduleFlush() {
    flushQueue.asyncAfter(deadline: .now() + Self.accessFlushInterval) { [weak self] in self?.timedFlush() }
  }

  /// Writes what accumulated since the timer was set. If that fails (another process held the write lock for all
  /// of `SharedSQLite.busyTimeout`), the batch is kept and the timer set again.
  private func timedFlush() {
    let isOpen = session.withLock { session in
      session.flushIsScheduled = false
      return !session.isClosed
    }
    guard isOpen else { return }
    do { try flush() } catch { retryFlushLater() }
  }

  private func retryFlushLater() {
    let again = session.withLock { session in
      guard !session.isClosed, !session.flushIsScheduled, !session.pending.isEmpty else { return false }
      session.flushIsScheduled = true
      return true
    }
    if again { scheduleFlush() }
  }

  private func flushIfFull(_ batchIsFull: Bool) {
    // The lookup itself succeeded; a failed flush keeps the batch for the next write.
    if batchIsFull { try? flush() }
  }

  /// Files whose rows are gone, as of this transaction. Cheap when there are none (an empty index walk).
  static func doomedFiles(in db: SQLiteConnection) throws -> [String] {
    try db.cachedStatement(sql: "SELECT name FROM doomed_file").fetchAll { row -> String in row[0] }
  }

  /// After the transaction that doomed them committed: unlink the files, then forget them. A crash in between
  /// leaves names whose files are already gone, which the next call clears; unlinking twice is harmless, and
  /// names are never reused, so a live file is never hit.
  func unlinkDoomed(_ names: [String]) {
    guard !names.isEmpty else { return }
    for name in names { blobs.remove(name) }
    _ = try? pool.writeWithoutTransaction { db in
      try db.transaction(.immediate) {
        let forget = try db.cachedStatement(sql: "DELETE FROM doomed_file WHERE name = ?")
        for name in names { try forget.execute([name]) }
      }
    }
  }

  /// Unlinks files no row names (left by a crash between writing a file and committing its row), and stale
  /// temporary files. `olderThan` nil takes every such file, however new.
  func collectOrphans(olderThan age: TimeInterval?) {
    // File times are real time, not `clock`.
    let cutoff = age.map { Date().addingTimeInterval(-$0) } ?? .distantFuture
    guard let orphans = try? DiskAudit.orphanFiles(pool: pool, blobs: blobs, olderThan: cutoff) else { return }
    for name in orphans { blobs.remove(listed: name) }
  }

  /// Hands freed pages back to the file system so the file shrinks after evictions. Outside the eviction's
  /// transaction: if it fails (say, another process holds the lock too long) the pages stay on the free list
  /// and are reused by later writes, so the error is not worth reporting.
  private func reclaimFreePages() {
    _ = try? pool.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA incremental_vacuum")
      // Move the WAL's pages into the main file now, so its size reflects the vacuum.
      try? db.checkpointPassively()
    }
  }

  private func ensureOpen() throws(DiskCacheError) {
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
