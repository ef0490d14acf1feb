import FoundationEssentials
import ImageCache
import ImageCacheSupport
import Logging
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

public enum MetadataCacheError: Error, Equatable, CustomStringConvertible {
  case cannotOpen(path: String, reason: String)

  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): "cannot open the metadata cache at \(path): \(reason)"
    }
  }
}

/// Raw Last.fm answers in `metadata.sqlite` (WAL, so several processes can read while one writes),
/// keyed by method and sorted parameters. Keys never include the API key.
public final class MetadataCache: MetadataStoring {
  public static let fileName = "metadata.sqlite"

  public let fileURL: URL
  /// The open database: replaced by a new, empty one when it turns out damaged (`withDatabase`).
  let database: Mutex<OpenDatabase>
  /// Held while the database is swapped for a new file, so only one caller replaces a damaged one.
  let recovery = Mutex(())
  let logger: Logger

  /// Opens (creating if needed) `metadata.sqlite` in `folder`; a folder it creates is 0700, the files 0600.
  public init(folder: URL, logger: Logger = Logger(label: "LastFM.MetadataCache")) throws(MetadataCacheError) {
    let fileURL = folder.appendingPathComponent(MetadataCache.fileName)
    self.fileURL = fileURL
    self.logger = logger
    do {
      try FilePermissions.prepare(folder: folder, file: fileURL)
      database = Mutex(try Self.openRecovering(fileURL, logger: logger))
      FilePermissions.restrictDatabaseFiles(fileURL)
    } catch {
      throw .cannotOpen(path: fileURL.path, reason: String(describing: error))
    }
  }

  deinit {
    // Another process moved this file aside as damaged: its pool must not close (`SQLiteDatabase.abandon`).
    let current = database.withLock { $0 }
    if !current.isStill(at: fileURL.path) { current.pool.abandon() }
  }

  public func storedAnswer(for key: String) async -> StoredAnswer? {
    do {
      // The caller no longer wants it (e.g. the network answered first).
      try Task.checkCancellation()
      let found = try await withDatabase { pool in
        try pool.unsafeRead { db in
          try db.cachedStatement(sql: "SELECT body, storedAt FROM answer WHERE key = ?").fetchOne([key]) { row in
            (body: row[0] as [UInt8], storedAt: row[1] as Double)
          }
        }
      }
      return found.map { StoredAnswer(body: $0.body, storedAt: Date(timeIntervalSince1970: $0.storedAt)) }
    } catch is CancellationError {
      return nil
    } catch {
      logger.warning("metadata cache read failed: \(error)")
      return nil
    }
  }

  public func store(_ body: [UInt8], for key: String, method: String, at date: Date) async {
    do {
      try await withDatabase { pool in
        try pool.write { db in
          try db.cachedStatement(sql: "INSERT OR REPLACE INTO answer (key, method, body, storedAt) VALUES (?, ?, ?, ?)")
            .execute([key, method, body, date.timeIntervalSince1970])
        }
      }
    } catch {
      logger.warning("metadata cache write failed: \(error)")
    }
  }

  /// An UPDATE of the stored time that keeps the row: SQLite then writes only the page that time is on, where
  /// storing the answer again (a REPLACE: a delete and an insert) writes every page of the row and of the key's
  /// index. A row that holds another answer, or none, is not touched, and `body` is stored.
  public func confirm(_ body: [UInt8], for key: String, method: String, at date: Date) async {
    do {
      let confirmed = try await withDatabase { pool in
        try pool.write { db in
          try db.cachedStatement(sql: "UPDATE answer SET storedAt = ? WHERE key = ? AND body = ?")
            .execute([date.timeIntervalSince1970, key, body])
          return db.changes > 0
        }
      }
      if confirmed { return }
    } catch {
      logger.warning("metadata cache write failed: \(error)")
      return
    }
    await store(body, for: key, method: method, at: date)
  }

  public func removeAll() async {
    do {
      try await withDatabase { pool in try pool.write { db in try db.execute(sql: "DELETE FROM answer") } }
    } catch {
      logger.warning("metadata cache clear failed: \(error)")
    }
  }

  /// Stored keys, sorted; for diagnostics and tests.
  public func keys() async -> [String] {
    (try? await withDatabase { pool in
      try pool.read { db in try db.fetchColumn(String.self, sql: "SELECT key FROM answer ORDER BY key") }
    }) ?? []
  }

  /// Creates the table if missing, in an IMMEDIATE transaction: processes opening a new cache together take turns
  /// here, and the second finds the table made. Caches made by GRDB's migrator, used before, have a
  /// `grdb_migrations` table that nothing reads any more: dropped here, once.
  static func install(in pool: SQLiteDatabase) throws {
    try pool.write { db in
      try db.execute(sql: "DROP TABLE IF EXISTS grdb_migrations")
      try db.execute(
        sql: """
          CREATE TABLE IF NOT EXISTS answer (
            key TEXT PRIMARY KEY NOT NULL,
            method TEXT NOT NULL,
            body BLOB NOT NULL,
            storedAt DOUBLE NOT NULL
          )
          """)
    }
  }
}

/// The cache holds what a user browsed: private to them.
enum FilePermissions {
  static func prepare(folder: URL, file: URL) throws {
    let manager = FileManager.default
    if !manager.fileExists(atPath: folder.path) {
      try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    // Created before SQLite opens it, so the database never exists with looser rights.
    let error = SharedSQLite.createPrivateFile(atPath: file.path)
    guard error == 0 else { throw CannotCreate(path: file.path, reason: String(cString: strerror(error))) }
  }

  struct CannotCreate: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot create \(path): \(reason)" }
  }

  static func restrictDatabaseFiles(_ file: URL) {
    for suffix in ["", "-wal", "-shm"] {
      let path = file.path + suffix
      if FileManager.default.fileExists(atPath: path) {
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
      }
    }
  }
}
