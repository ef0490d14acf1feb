import Foundation
import GRDB
import ImageCacheSupport
import Logging
import Synchronization

/// The metadata database and which file it is, swapped as one when a damaged file is replaced.
final class OpenMetadataDatabase: Sendable {
  let pool: DatabasePool
  let identity: DamagedDatabase.FileIdentity?

  init(pool: DatabasePool, identity: DamagedDatabase.FileIdentity?) {
    self.pool = pool
    self.identity = identity
  }
}

/// A damaged `metadata.sqlite` (not a database, or a malformed page, found on open or by any later query) is moved
/// to `metadata.sqlite.damaged-<date>` with its WAL and SHM, with one warning, and a new one made: stored answers
/// are only a cache of Last.fm, fetched again, never a dead end. As for the image index (`IndexRecovery` in
/// ImageCache), the old pool is never closed: its last connection would delete the new file's WAL by name.
extension MetadataCache {
  private static let abandoned = Mutex<[DatabasePool]>([])

  /// Keeps `pool` open until the process ends.
  static func abandon(_ pool: DatabasePool) {
    abandoned.withLock { $0.append(pool) }
  }

  static func isDamage(_ error: any Error) -> Bool {
    guard let error = error as? DatabaseError else { return false }
    return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
  }

  static func open(_ path: String) throws -> DatabasePool {
    var configuration = Configuration()
    // The same rules as the image index: the browser and imgcache share this file, and may create it together.
    configuration.busyMode = .callback(SharedSQLite.waitForLock)
    return try SharedSQLite.openPool(path: path, configuration: configuration) { try MetadataCache.install(in: $0) }
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
    let message = (reason as? DatabaseError)?.message ?? "\(reason)"
    let detail = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    logger.warning(
      "metadata cache \(path) was damaged (\(detail)); moved it to \(moved) and started a new one: Last.fm answers will be fetched again"
    )
  }

  /// Runs `body` on the open database; if it finds the file damaged, replaces it (once, however many callers found
  /// it) and runs `body` again on the new one.
  func withDatabase<T>(_ body: (DatabasePool) async throws -> T) async throws -> T {
    let current = database.withLock { $0 }
    do {
      return try await body(current.pool)
    } catch  where Self.isDamage(error) {
      try recover(from: current, reason: error)
      return try await body(database.withLock { $0 }.pool)
    }
  }

  private func recover(from damaged: OpenMetadataDatabase, reason: any Error) throws {
    recovery.lock()
    defer { recovery.unlock() }
    guard database.withLock({ $0 }) === damaged else { return }
    Self.abandon(damaged.pool)
    try Self.replace(fileURL, identity: damaged.identity, reason: reason, logger: logger)
    let fresh = OpenMetadataDatabase(
      pool: try Self.open(fileURL.path), identity: DamagedDatabase.identity(ofFileAt: fileURL.path))
    database.withLock { $0 = fresh }
  }
}
