import GRDB

extension DiskCacheError {
  /// Maps any error from the database layer to one of ours, with a one-line reason (GRDB's own description
  /// includes the SQL and spans lines).
  init(translating error: any Error, databasePath path: String) {
    if let error = error as? DiskCacheError {
      self = error
      return
    }
    guard let error = error as? DatabaseError else {
      self = .io(Self.oneLine(String(describing: error)))
      return
    }
    let reason = Self.oneLine(error.message ?? "SQLite error \(error.extendedResultCode.rawValue)")
    switch error.resultCode {
    case .SQLITE_FULL:
      self = .diskFull(path: path)
    case .SQLITE_CORRUPT, .SQLITE_NOTADB:
      self = .corruptDatabase(path: path, reason: reason)
    case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
      self = .notWritable(path: path, reason: reason)
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      self = .io("cache at \(path) stayed locked by another process (\(reason))")
    default:
      self = .io("\(reason) (SQLite code \(error.extendedResultCode.rawValue), \(path))")
    }
  }

  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
