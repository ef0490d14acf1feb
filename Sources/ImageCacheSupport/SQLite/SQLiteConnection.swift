internal import CSQLite

/// One connection to an SQLite file. Not thread-safe: `SQLiteDatabase` hands each to one thread at a time.
public final class SQLiteConnection {
  let handle: OpaquePointer
  /// Opened read-only (a reader of `SQLiteDatabase`).
  public let isReadOnly: Bool
  /// Prepared once per connection and SQL text: preparing costs more than running the small statements here.
  /// A list searched in order, not a dictionary: the texts are a dozen literals, and `==` on the same literal
  /// compares two words where hashing the text would read all of it (the upsert's is 700 bytes, once per row).
  private var statements: [(sql: String, statement: SQLiteStatement)] = []
  private var isOpen = true
  /// Kept alive here: SQLite holds only an unretained pointer to it.
  private let busyHandler: SQLiteBusyHandler

  /// Opens `path` (creating it unless read-only), with extended result codes and `busyHandler`.
  init(path: String, readOnly: Bool, busyHandler: SQLiteBusyHandler) throws(SQLiteError) {
    var connection: OpaquePointer?
    let flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
      | SQLITE_OPEN_EXRESCODE
    let code = sqlite3_open_v2(path, &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      let error = SQLiteError(code: code == SQLITE_OK ? SQLITE_CANTOPEN : code, connection: connection)
      sqlite3_close_v2(connection)
      throw error
    }
    handle = connection
    isReadOnly = readOnly
    self.busyHandler = busyHandler
    sqlite3_extended_result_codes(connection, 1)
    // A C function cannot capture, so the handler travels as SQLite's context pointer, unretained: this
    // connection keeps it alive for as long as SQLite may call it.
    let context = Unmanaged.passUnretained(busyHandler).toOpaque()
    sqlite3_busy_handler(
      connection,
      { context, tries in
        guard let context else { return 0 }
        return Unmanaged<SQLiteBusyHandler>.fromOpaque(context).takeUnretainedValue().keepWaiting(Int(tries)) ? 1 : 0
      }, context)
  }

  deinit { close() }

  /// Finalizes the cached statements and closes the connection (releasing its locks; the last connection to a
  /// file also checkpoints and removes the write-ahead log). Nothing may use it afterwards.
  func close() {
    guard isOpen else { return }
    isOpen = false
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Runs one or more statements without arguments, ignoring any rows.
  public func execute(sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
  }

  /// Runs one statement with `arguments`, ignoring any rows.
  public func execute(sql: String, arguments: [any SQLiteValue]) throws {
    try SQLiteStatement(sql: sql, connection: handle).execute(arguments)
  }

  /// The statement for `sql`, prepared on first use and kept for the connection's life.
  public func cachedStatement(sql: String) throws(SQLiteError) -> SQLiteStatement {
    for cached in statements where cached.sql == sql { return cached.statement }
    let statement = try SQLiteStatement(sql: sql, connection: handle)
    statements.append((sql, statement))
    return statement
  }

  /// Rows the last finished INSERT, UPDATE or DELETE on this connection changed itself (a trigger's changes not
  /// counted); an INSERT that a conflict turned into nothing changed 0.
  public var changes: Int { Int(sqlite3_changes64(handle)) }

  /// The row id of the last row an INSERT on this connection added; unchanged by an INSERT that added none.
  public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// A statement used once.
  public func statement(sql: String) throws(SQLiteError) -> SQLiteStatement {
    try SQLiteStatement(sql: sql, connection: handle)
  }

  /// The first column of the first row of a one-off query; nil when there is no row or it is NULL.
  public func fetchValue<T: SQLiteValue>(
    _ type: T.Type = T.self, sql: String, arguments: [any SQLiteValue] = []
  ) throws -> T? {
    try statement(sql: sql).fetchValue(arguments, as: type)
  }

  /// The first column of every row of a one-off query.
  public func fetchColumn<T: SQLiteValue>(
    _ type: T.Type = T.self, sql: String, arguments: [any SQLiteValue] = []
  ) throws -> [T] {
    try statement(sql: sql).fetchAll(arguments) { row -> T in row[0] }
  }

  public enum TransactionKind: String {
    case deferred = "DEFERRED"
    /// Takes the write lock at BEGIN, waiting for it through the busy handler: two writers queue up instead of one
    /// failing when its deferred transaction tries to upgrade.
    case immediate = "IMMEDIATE"
  }

  /// Runs `body` in a transaction: committed if it returns, rolled back if it (or the commit) throws. BEGIN and
  /// COMMIT are cached statements like any other: parsing them anew cost more than running them.
  public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
    try cachedStatement(sql: kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED").execute()
    do {
      let result = try body()
      try cachedStatement(sql: "COMMIT").execute()
      return result
    } catch {
      // A failed statement may already have ended the transaction (SQLITE_FULL can); roll back what is left.
      if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
      throw error
    }
  }

  /// Copies the write-ahead log into the main file as far as readers allow, without waiting for them.
  public func checkpointPassively() throws(SQLiteError) {
    let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
  }
}

/// What a connection does when another connection (of this process or another) holds the lock it needs: called
/// with the number of earlier calls in this wait, it sleeps and returns true to try again, or returns false to give
/// up with SQLITE_BUSY.
public final class SQLiteBusyHandler: Sendable {
  let keepWaiting: @Sendable (Int) -> Bool

  public init(_ keepWaiting: @escaping @Sendable (_ tries: Int) -> Bool) {
    self.keepWaiting = keepWaiting
  }

  /// `SharedSQLite.waitForLock`: poll every millisecond for up to `SharedSQLite.busyTimeout`.
  public static let shared = SQLiteBusyHandler(SharedSQLite.waitForLock)
}
