import FoundationEssentials
import ImageCacheSupport
import Logging
import Synchronization

/// A damaged `metadata.sqlite` (not a database, or a malformed page, found on open or by any later read or write)
/// is moved to `metadata.sqlite.damaged-<date>` with its WAL and SHM, with one warning, and a new one made: stored
/// answers are only a cache of Last.fm, fetched again, never a dead end. Each damaged file is moved once: by the
/// first caller (in any process) to find it, checked by its inode (`DamagedDatabase.moveAside(_:expected:)`). As for the image index (`IndexRecovery` in
/// ImageCache), the old pool is never closed (`SQLiteDatabase.abandon`): its last connection would delete the new
/// file's WAL by name.
extension MetadataCache {
  /// The same rules as the image index (`SharedSQLite`): the browser and imgcache share this file, and may create
  /// it together.
  static func open(_ path: String) throws -> SQLiteDatabase {
    try SharedSQLite.openPool(path: path) { try MetadataCache.install(in: $0) }
  }

  static func openRecovering(_ file: URL, logger: Logger) throws -> OpenDatabase {
    let path = file.path
    let identity = DamagedDatabase.identity(ofFileAt: path)
    do {
      return OpenDatabase(pool: try open(path), identity: identity)
    } catch  where DamagedDatabase.isDamage(error) {
      try replace(file, identity: identity, reason: error, logger: logger)
      return OpenDatabase(pool: try open(path), identity: DamagedDatabase.identity(ofFileAt: path))
    }
  }

  private static func replace(
    _ file: URL, identity: DamagedDatabase.FileIdentity?, reason: any Error, logger: Logger
  ) throws {
    let path = file.path
    let moved = try DamagedDatabase.moveAside(path, expected: identity)
    try FilePermissions.prepare(folder: file.deletingLastPathComponent(), file: file)
    guard let moved else { return }  // another process moved it, and said so
    let message = (reason as? SQLiteError)?.message ?? "\(reason)"
    let detail = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    logger.warning(
      "metadata cache \(path) was damaged (\(detail)); moved it to \(moved) and started a new one: Last.fm answers will be fetched again"
    )
  }

  /// Runs `body` on the open database, on a thread of its own (a write may wait for another process's lock). When
  /// `body` finds the file damaged, the file is replaced (once, however many callers found it) and `body` runs again
  /// on the new one; a second failure there is thrown as it is. A file another process has put in place since
  /// (having found this one damaged) is opened first, so this process neither reads nor writes the old one.
  func withDatabase<T: Sendable>(_ body: @escaping @Sendable (SQLiteDatabase) throws -> T) async throws -> T {
    let current = followingReplacement()
    return try await current.pool.offTheCooperativePool { pool in
      do {
        return try body(pool)
      } catch  where DamagedDatabase.isDamage(error) {
        return try body(try self.recover(from: current, reason: error).pool)
      }
    }
  }

  /// The open database, after switching to the file now at `fileURL` if another process replaced the one opened.
  /// One `lstat` a call: a few per page the browser shows.
  private func followingReplacement() -> OpenDatabase {
    let current = database.withLock { $0 }
    guard let identity = current.identity, let now = DamagedDatabase.identity(ofFileAt: fileURL.path), now != identity
    else { return current }
    return
      (try? recovery.withLock { _ throws -> OpenDatabase in
        let latest = database.withLock { $0 }
        guard latest === current else { return latest }
        let fresh = try Self.openRecovering(fileURL, logger: logger)
        current.pool.abandon()
        database.withLock { $0 = fresh }
        return fresh
      }) ?? current
  }

  /// Moves `damaged`'s file aside (unless another process did already) and opens a new one in its place. Only the
  /// first caller to find a given file damaged does it; the others get the database it opened. Queries still
  /// running on the old pool finish there, and its connections are never closed (`SQLiteDatabase.abandon`).
  private func recover(from damaged: OpenDatabase, reason: any Error) throws -> OpenDatabase {
    try recovery.withLock { _ throws -> OpenDatabase in
      let latest = database.withLock { $0 }
      guard latest === damaged else { return latest }
      damaged.pool.abandon()
      try Self.replace(fileURL, identity: damaged.identity, reason: reason, logger: logger)
      let fresh = try Self.openRecovering(fileURL, logger: logger)
      database.withLock { $0 = fresh }
      return fresh
    }
  }
}
