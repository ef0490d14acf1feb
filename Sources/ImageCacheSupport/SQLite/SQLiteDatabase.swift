#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A WAL database shared by threads: one writer connection, used by one thread at a time, and reader connections
/// that never wait for it (WAL lets readers see the last commit while a write is in progress).
public final class SQLiteDatabase: @unchecked Sendable {
  public let path: String
  /// Idle readers kept for reuse; more are opened while that many are busy, and closed again on return.
  static let keptReaders = 4

  private let writer: SQLiteConnection
  private let writerLock = PosixLock()
  private let prepare: @Sendable (SQLiteConnection) throws -> Void
  /// Guarded by `readersLock`, as is `isClosed`.
  private var idleReaders: [SQLiteConnection] = []
  private var isClosed = false
  private let readersLock = PosixLock()

  /// Opens `path` (creating it), runs `prepare` on every new connection (the writer first, before the switch to
  /// WAL), then switches the file to WAL with synchronous = NORMAL: a commit survives a crash of the process, and
  /// only the last commits before a power cut may be lost.
  public init(path: String, prepare: @escaping @Sendable (SQLiteConnection) throws -> Void = { _ in }) throws {
    self.path = path
    self.prepare = prepare
    writer = try SQLiteConnection(path: path, readOnly: false)
    try prepare(writer)
    let mode = try writer.fetchValue(String.self, sql: "PRAGMA journal_mode = WAL")
    guard mode?.lowercased() == "wal" else {
      throw SQLiteError(extendedResultCode: SQLiteError.cannotOpen, message: "could not switch \(path) to WAL")
    }
    try writer.execute(sql: "PRAGMA synchronous = NORMAL")
  }

  /// Runs `body` in an IMMEDIATE transaction on the writer.
  public func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try writeWithoutTransaction { db in try db.transaction(.immediate) { try body(db) } }
  }

  /// Runs `body` on the writer, which it has to itself; no transaction is opened (PRAGMAs, explicit BEGINs).
  public func writeWithoutTransaction<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try writerLock.withLock {
      try ensureOpen()
      return try body(writer)
    }
  }

  /// Runs `body` on a reader inside one deferred transaction: every query in it sees the same snapshot.
  public func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try unsafeRead { db in try db.transaction(.deferred) { try body(db) } }
  }

  /// Runs `body` on a reader without a transaction: each statement sees the last commit as of its own start. For a
  /// single SELECT this is as safe as `read` and skips BEGIN and COMMIT.
  public func unsafeRead<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    let reader = try takeReader()
    defer { giveBack(reader) }
    return try body(reader)
  }

  /// Closes every connection. Later calls fail; a reader in use is closed when it is handed back.
  public func close() {
    let readers = readersLock.withLock {
      isClosed = true
      defer { idleReaders = [] }
      return idleReaders
    }
    for reader in readers { reader.close() }
    // Taking the lock waits for a write in progress.
    writerLock.withLock { writer.close() }
  }

  private func ensureOpen() throws(SQLiteError) {
    let closed = readersLock.withLock { isClosed }
    if closed { throw SQLiteError(extendedResultCode: SQLiteError.misuse, message: "the database \(path) is closed") }
  }

  private func takeReader() throws -> SQLiteConnection {
    let idle = try readersLock.withLock { () throws(SQLiteError) -> SQLiteConnection? in
      if isClosed {
        throw SQLiteError(extendedResultCode: SQLiteError.misuse, message: "the database \(path) is closed")
      }
      return idleReaders.popLast()
    }
    if let idle { return idle }
    let reader = try SQLiteConnection(path: path, readOnly: true)
    try prepare(reader)
    return reader
  }

  private func giveBack(_ reader: SQLiteConnection) {
    let kept = readersLock.withLock {
      guard !isClosed && idleReaders.count < Self.keptReaders else { return false }
      idleReaders.append(reader)
      return true
    }
    if !kept { reader.close() }
  }
}

/// A pthread mutex: held across SQLite calls that may wait, which is why not a spin lock.
final class PosixLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() { pthread_mutex_init(mutex, nil) }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
