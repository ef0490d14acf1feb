import ImageCacheSupport

/// One listener's archive file: the schema applied on open, WAL, one writer and readers that never wait for it.
/// The sync writes through `write`; stats, exports and the browser read through `read`.
public final class ScrobbleStore: Sendable {
  public let path: String
  let database: SQLiteDatabase

  /// Opens (creating) the archive at `path`; its folder must exist.
  public init(path: String) throws {
    self.path = path
    database = try SQLiteDatabase(path: path)
    try database.write { connection in
      for statement in ArchiveSchema.statements { try connection.execute(sql: statement) }
      try connection.execute(
        sql: "INSERT OR IGNORE INTO archive_meta (key, value) VALUES ('schema_version', ?)",
        arguments: [String(ArchiveSchema.version)])
    }
  }

  /// Runs `body` in one IMMEDIATE transaction: all of it is kept, or none of it.
  public func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T { try database.write(body) }

  /// Runs `body` on a reader, which sees the last commit.
  public func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T { try database.read(body) }

  public func close() { database.close() }

  /// How many scrobbles the archive holds.
  public func count() throws -> Int {
    try read { Int(try $0.fetchValue(Int64.self, sql: "SELECT count(*) FROM scrobble") ?? 0) }
  }
}
