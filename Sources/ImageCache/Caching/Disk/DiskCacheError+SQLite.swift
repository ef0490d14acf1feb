internal import ImageCacheSupport

extension DiskCacheError {
  /// Maps any error from the database layer to one of ours, with a one-line reason.
  init(translating error: any Error, databasePath path: String) {
    if let error = error as? DiskCacheError {
      self = error
      return
    }
    guard let error = error as? SQLiteError else {
      self = .io(Self.oneLine(String(describing: error)))
      return
    }
    let reason = Self.oneLine(error.message)
    switch error.resultCode {
    case SQLiteError.full:
      // The folder, as a blob file that does not fit says it: a full disk is one line, whichever write hit it.
      self = .diskFull(path: String(path.prefix(upTo: path.lastIndex(of: "/") ?? path.endIndex)))
    case SQLiteError.corrupt, SQLiteError.notADatabase:
      self = .corruptDatabase(path: path, reason: reason)
    case SQLiteError.readOnly, SQLiteError.cannotOpen, SQLiteError.permission, SQLiteError.authorization:
      self = .notWritable(path: path, reason: reason)
    case SQLiteError.busy, SQLiteError.locked:
      self = .io("cache at \(path) stayed locked by another process (\(reason))")
    default:
      self = .io("\(reason) (SQLite code \(error.extendedResultCode), \(path))")
    }
  }

  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
