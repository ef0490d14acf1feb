import ImageCacheSupport

/// One listener's archive file: the schema applied on open, WAL, one writer and readers that never wait for it.
/// The sync writes through `write`; stats, exports and the browser read through `read`.
public final class ScrobbleStore: Sendable {
  public let path: String
  let database: SQLiteDatabase

  /// Opens (creating) the archive at `path`; its folder must exist.
  public init(path: String) throws {
    self.path = path
    do {
      database = try SQLiteDatabase(path: path)
    } catch let error as SQLiteError where error.resultCode == SQLiteError.full {
      throw ArchiveError.diskFull(path: path)
    }
    // An archive already in this layout is known by one number in the file's header, read without a transaction;
    // a new file or an older layout is brought up to date in one write.
    let headerVersion = try database.writeWithoutTransaction { try $0.fetchValue(Int.self, sql: "PRAGMA user_version") }
    if headerVersion != ArchiveSchema.version { try write(ArchiveSchema.bringUpToDate) }
  }

  /// Runs `body` in one IMMEDIATE transaction: all of it is kept, or none of it. A full disk becomes
  /// `ArchiveError.diskFull`, with the archive as the last commit left it.
  public func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    do {
      return try database.write(body)
    } catch let error as SQLiteError where error.resultCode == SQLiteError.full {
      throw ArchiveError.diskFull(path: path)
    }
  }

  /// Runs `body` on a reader, which sees the last commit.
  public func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T { try database.read(body) }

  public func close() { database.close() }

  /// How many scrobbles the archive holds.
  public func count() throws -> Int {
    try read { Int(try $0.fetchValue(Int64.self, sql: "SELECT count(*) FROM scrobble") ?? 0) }
  }
}

/// What goes wrong with an archive file, in one line each.
public enum ArchiveError: Error, Equatable, CustomStringConvertible {
  case diskFull(path: String)

  public var description: String {
    switch self {
    case .diskFull(let path): "the disk holding the archive is full (\(path)); nothing of the failed page was kept"
    }
  }
}
