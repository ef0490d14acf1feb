import FoundationEssentials
import ImageCacheSupport
import Logging
import Synchronization

/// The metadata database and which file it is, swapped as one when a damaged file is replaced.
final class OpenMetadataDatabase: Sendable {
  let pool: SQLiteDatabase
  let identity: DamagedDatabase.FileIdentity?

  init(pool: SQLiteDatabase, identity: DamagedDatabase.FileIdentity?) {
    self.pool = pool
    self.identity = identity
  }
}

/// A damaged `metadata.sqlite` (not a database, or a malformed page, found while opening it) is moved
/// to `metadata.sqlite.damaged-<date>` with its WAL and SHM, with one warning, and a new one made: stored answers
/// are only a cache of Last.fm, fetched again, never a dead end. As for the image index (`IndexRecovery` in
/// ImageCache), the old pool is never closed (`SQLiteDatabase.abandon`): its last connection would delete the new
/// file's WAL by name.
extension MetadataCache {
  static func isDamage(_ error: any Error) -> Bool {
    guard let error = error as? SQLiteError else { return false }
    return error.resultCode == SQLiteError.corrupt || error.resultCode == SQLiteError.notADatabase
  }

  /// The same rules as the image index (`SharedSQLite`): the browser and imgcache share this file, and may create
  /// it together.
  static func open(_ path: String) throws -> SQLiteDatabase {
    try SharedSQLite.openPool(path: path) { try MetadataCache.install(in: $0) }
  }

  static func openRecovering(_ file: URL, logger: Logger) throws -> OpenMetadataDatabase {
    let path = file.path
    let identity = DamagedDatabase.identity(ofFileAt: path)
    do {
      return OpenMetadataDatabase(pool: try open(path), identity: identity)
    } catch  where isDamage(error) {
      try replace(file, identity: identity, reason: error, logger: logger)
      return OpenMetadataDatabase(pool: try open(path), identity: DamagedDatabase.identity(ofFileAt: path))
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

  /// Runs `body` on the open database, on a thread of its own (a write may wait for another process's lock).
  /// Damage found after opening is not repaired here (reads miss, writes warn): replacing the file at run time
  /// moved it aside again and again in a test, so it stays out until understood.
  func withDatabase<T: Sendable>(_ body: @escaping @Sendable (SQLiteDatabase) throws -> T) async throws -> T {
    try await database.withLock { $0 }.pool.offTheCooperativePool(body)
  }
}
