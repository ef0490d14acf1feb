import Foundation
import ImageCache
import ImageCacheSupport
import Logging

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
  private let pool: SQLiteDatabase
  private let logger: Logger

  /// Opens (creating if needed) `metadata.sqlite` in `folder`; a folder it creates is 0700, the files 0600.
  public init(folder: URL, logger: Logger = Logger(label: "LastFM.MetadataCache")) throws(MetadataCacheError) {
    let fileURL = folder.appendingPathComponent(MetadataCache.fileName)
    self.fileURL = fileURL
    self.logger = logger
    do {
      try FilePermissions.prepare(folder: folder, file: fileURL)
      // The same rules as the image index: the browser and imgcache share this file, and may create it together.
      pool = try SharedSQLite.openPool(path: fileURL.path) {
        try MetadataCache.install(in: $0)
      }
      FilePermissions.restrictDatabaseFiles(fileURL)
    } catch {
      throw .cannotOpen(path: fileURL.path, reason: String(describing: error))
    }
  }

  /// The calls below block their thread for the query (a read of one row, or a write that may wait for another
  /// process's lock): SQLite has no asynchronous interface.
  public func storedAnswer(for key: String) async -> StoredAnswer? {
    // The caller no longer wants it (e.g. the network answered first).
    if Task.isCancelled { return nil }
    do {
      return try pool.unsafeRead { db in
        try db.cachedStatement(sql: "SELECT body, storedAt FROM answer WHERE key = ?").fetchOne([key]) { row in
          StoredAnswer(body: row[0], storedAt: Date(timeIntervalSince1970: row[1]))
        }
      }
    } catch {
      logger.warning("metadata cache read failed: \(error)")
      return nil
    }
  }

  public func store(_ body: [UInt8], for key: String, method: String, at date: Date) async {
    do {
      try pool.write { db in
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO answer (key, method, body, storedAt) VALUES (?, ?, ?, ?)")
          .execute([key, method, body, date.timeIntervalSince1970])
      }
    } catch {
      logger.warning("metadata cache write failed: \(error)")
    }
  }

  public func removeAll() async {
    do {
      try pool.write { db in try db.execute(sql: "DELETE FROM answer") }
    } catch {
      logger.warning("metadata cache clear failed: \(error)")
    }
  }

  /// Stored keys, sorted; for diagnostics and tests.
  public func keys() async -> [String] {
    (try? pool.read { db in try db.fetchColumn(String.self, sql: "SELECT key FROM answer ORDER BY key") }) ?? []
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
    guard error == 0 else {
      throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
    }
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
