internal import CSQLite

/// A prepared statement. Every use binds its arguments afresh and resets the statement when done, so a cached
/// SELECT never holds its read transaction open between uses.
public final class SQLiteStatement {
  let handle: OpaquePointer

  init(sql: String, connection: OpaquePointer) throws(SQLiteError) {
    var statement: OpaquePointer?
    // PERSISTENT: the statement is meant to be cached and reused.
    let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw SQLiteError(code: code == SQLITE_OK ? SQLITE_MISUSE : code, connection: connection)
    }
    handle = statement
  }

  deinit { sqlite3_finalize(handle) }

  /// Runs the statement to completion, ignoring any rows it returns.
  public func execute(_ arguments: [any SQLiteValue] = []) throws {
    try forEachRow(arguments) { _ in true }
  }

  /// Calls `body` with each row until it returns false or the rows run out.
  public func forEachRow(_ arguments: [any SQLiteValue] = [], _ body: (SQLiteRow) throws -> Bool) throws {
    try bind(arguments)
    defer { sqlite3_reset(handle) }
    while try step() {
      guard try body(SQLiteRow(statement: handle)) else { return }
    }
  }

  /// The first row, read by `body`, or nil when there is none.
  public func fetchOne<T>(_ arguments: [any SQLiteValue] = [], _ body: (SQLiteRow) throws -> T) throws -> T? {
    var result: T?
    try forEachRow(arguments) { row in
      result = try body(row)
      return false
    }
    return result
  }

  /// Every row, each read by `body`.
  public func fetchAll<T>(_ arguments: [any SQLiteValue] = [], _ body: (SQLiteRow) throws -> T) throws -> [T] {
    var result: [T] = []
    try forEachRow(arguments) { row in
      result.append(try body(row))
      return true
    }
    return result
  }

  /// The first column of the first row; nil when there is no row or the value is NULL.
  public func fetchValue<T: SQLiteValue>(_ arguments: [any SQLiteValue] = [], as type: T.Type = T.self) throws -> T? {
    try fetchOne(arguments) { row -> T? in row[0] } ?? nil
  }

  private func bind(_ arguments: [any SQLiteValue]) throws(SQLiteError) {
    sqlite3_reset(handle)
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard arguments.count == expected else {
      throw SQLiteError(
        extendedResultCode: SQLITE_RANGE, message: "\(arguments.count) arguments for \(expected) parameters")
    }
    // By index: each value is bound where it lies in the array, not copied out first.
    for offset in arguments.indices {
      let code = arguments[offset].bind(to: handle, at: Int32(offset + 1))
      guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: sqlite3_db_handle(handle)) }
    }
  }

  /// True when a row is ready, false when done.
  private func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw SQLiteError(code: code, connection: sqlite3_db_handle(handle))
    }
  }
}

/// The current row of a statement, valid only inside the call that hands it over. Columns by position.
public struct SQLiteRow {
  let statement: OpaquePointer

  public subscript<T: SQLiteValue>(_ index: Int) -> T {
    T.read(from: statement, at: Int32(index))
  }

  public var columnCount: Int { Int(sqlite3_column_count(statement)) }
}
