internal import CSQLite

/// A failed SQLite call: its result code and SQLite's one-line message.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
  /// The extended result code (`SQLITE_BUSY_SNAPSHOT` and the like); `resultCode` is its primary part.
  public let extendedResultCode: Int32
  public let message: String

  public init(extendedResultCode: Int32, message: String) {
    self.extendedResultCode = extendedResultCode
    self.message = message
  }

  /// The primary result code (`SQLITE_BUSY`, `SQLITE_FULL`, …), for comparison with the constants below.
  public var resultCode: Int32 { extendedResultCode & 0xff }

  public var description: String { "SQLite error \(extendedResultCode): \(message)" }

  public static let busy = SQLITE_BUSY
  public static let locked = SQLITE_LOCKED
  public static let full = SQLITE_FULL
  public static let corrupt = SQLITE_CORRUPT
  public static let notADatabase = SQLITE_NOTADB
  public static let readOnly = SQLITE_READONLY
  public static let cannotOpen = SQLITE_CANTOPEN
  public static let permission = SQLITE_PERM
  public static let authorization = SQLITE_AUTH
  public static let misuse = SQLITE_MISUSE
  /// Ours, not SQLite's: a reader was asked of an abandoned database (`SQLiteDatabase.abandon`), whose file has
  /// gone from its path. An extended code of SQLITE_NOTADB (which SQLite gives none), so that every recovery that
  /// treats a file that is not a database as damage also moves its caller on to the new file.
  public static let abandonedFile = SQLITE_NOTADB | (0x41 << 8)

  /// The error a connection last reported, with `code` when the connection has none (say, it failed to open).
  init(code: Int32, connection: OpaquePointer?) {
    let text = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
    // The connection's code belongs to its last call; keep ours when it does not match.
    self.init(
      extendedResultCode: extended & 0xff == code & 0xff ? extended : code,
      message: text ?? String(cString: sqlite3_errstr(code)))
  }
}
