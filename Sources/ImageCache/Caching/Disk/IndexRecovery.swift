import FoundationEssentials
internal import ImageCacheSupport
import Logging
import Synchronization

/// A damaged index (SQLite says the file is not a database, or a page is malformed) must not be a dead end: it is
/// moved to `cache.sqlite.damaged-<date>` with its WAL and SHM, a new empty index takes its place, and the image
/// files it named become orphans, collected as usual. Found on open, or by any later query (a file whose first
/// pages are sound opens fine and fails only when a damaged page is read).
enum IndexRecovery {
  /// Whether `error` from the database layer means the file itself is damaged, not busy, full or unreadable.
  static func isDamage(_ error: any Error) -> Bool {
    if case .corruptDatabase = error as? DiskCacheError { return true }
    return DamagedDatabase.isDamage(error)
  }

  /// Opens the index at `path`; when the file is damaged, moves it aside, warns once and opens a new one.
  static func open(
    path: String, logger: Logger, opening: (String) throws -> SQLiteDatabase
  ) throws(DiskCacheError) -> OpenDatabase {
    let identity = DamagedDatabase.identity(ofFileAt: path)
    do {
      return OpenDatabase(pool: try opening(path), identity: identity)
    } catch  where isDamage(error) {
      // The failed open's connections are gone with its pool: nothing of ours has the file open now.
      try replace(path: path, identity: identity, reason: error, logger: logger)
      do {
        return OpenDatabase(pool: try opening(path), identity: DamagedDatabase.identity(ofFileAt: path))
      } catch {
        throw DiskCacheError(translating: error, databasePath: path)
      }
    } catch {
      throw DiskCacheError(translating: error, databasePath: path)
    }
  }

  /// Moves the damaged file aside (unless another process already did) and makes an empty private file for the new
  /// index, then logs the one warning the user sees.
  static func replace(
    path: String, identity: DamagedDatabase.FileIdentity?, reason: any Error, logger: Logger
  ) throws(DiskCacheError) {
    let moved: String?
    do {
      moved = try DamagedDatabase.moveAside(path, expected: identity)
    } catch {
      throw .notWritable(path: path, reason: "cannot move the damaged index aside: \(error)")
    }
    try CacheDirectory.createPrivateFile(URL(fileURLWithPath: path))
    guard let moved else { return }  // another process moved it, and said so
    let why = DiskCacheError(translating: reason, databasePath: path)
    let detail = if case .corruptDatabase(_, let text) = why { text } else { "\(why)" }
    logger.warning(
      "cache index \(path) was damaged (\(detail)); moved it to \(moved) and started a new one: cached images will be fetched again"
    )
  }
}

extension DiskStore {
  /// Runs `body` against the open index; if it finds the index damaged, replaces the index (once, however many
  /// threads found it) and runs `body` again on the new one. Other errors are translated and thrown as they are.
  func withIndex<T>(_ body: (SQLiteDatabase) throws -> T) throws(DiskCacheError) -> T {
    let index = openIndex
    do {
      return try body(index.pool)
    } catch  where IndexRecovery.isDamage(error) {
      try recover(from: index, reason: error)
      do {
        return try body(openIndex.pool)
      } catch {
        throw DiskCacheError(translating: error, databasePath: databaseURL.path)
      }
    } catch {
      throw DiskCacheError(translating: error, databasePath: databaseURL.path)
    }
  }

  /// Moves `damaged`'s file aside and opens a new index; queries still running on the old one finish there, and
  /// its connections are never closed (`SQLiteDatabase.abandon`: the last one would delete the new index's WAL).
  private func recover(from damaged: OpenDatabase, reason: any Error) throws(DiskCacheError) {
    try recovery.withLock { _ throws(DiskCacheError) in
      // Another thread got here first and already swapped it.
      guard openIndex === damaged else { return }
      damaged.pool.abandon()
      let path = databaseURL.path
      try IndexRecovery.replace(path: path, identity: damaged.identity, reason: reason, logger: logger)
      let lockWait = lockWait
      let fresh = try IndexRecovery.open(path: path, logger: logger) { path in
        try Self.openPool(path: path, lockWait: lockWait)
      }
      index.withLock { $0 = fresh }
    }
  }
}
