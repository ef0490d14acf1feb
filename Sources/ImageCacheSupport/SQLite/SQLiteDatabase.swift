import Dispatch
import Synchronization

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
  private let busyHandler: SQLiteBusyHandler
  private let prepare: @Sendable (SQLiteConnection) throws -> Void
  /// Guarded by `readersLock`, as are `isClosed` and `isAbandoned`.
  private var idleReaders: [SQLiteConnection] = []
  private var isClosed = false
  private var isAbandoned = false
  private let readersLock = PosixLock()

  /// Opens `path` (creating it), runs `prepare` on every new connection (the writer first, before the switch to
  /// WAL), then switches the file to WAL with synchronous = NORMAL: a commit survives a crash of the process, and
  /// only the last commits before a power cut may be lost. Every connection waits for locks through `busyHandler`.
  public init(
    path: String, busyHandler: SQLiteBusyHandler = .shared,
    prepare: @escaping @Sendable (SQLiteConnection) throws -> Void = { _ in }
  ) throws {
    self.path = path
    self.busyHandler = busyHandler
    self.prepare = prepare
    writer = try SQLiteConnection(path: path, readOnly: false, busyHandler: busyHandler)
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

  /// Closes every connection. Later calls fail; a reader in use is closed when it is handed back. Does nothing to
  /// an abandoned database.
  public func close() {
    let readers = readersLock.withLock { () -> [SQLiteConnection]? in
      guard !isAbandoned else { return nil }
      isClosed = true
      defer { idleReaders = [] }
      return idleReaders
    }
    guard let readers else { return }
    for reader in readers { reader.close() }
    // Taking the lock waits for a write in progress.
    writerLock.withLock { writer.close() }
  }

  /// Keeps every connection of this database open until the process ends, for a file another process (or this
  /// one) renamed away, say moved aside as damaged, with a new file now at `path`. Closing would be a hazard: the
  /// last connection to a WAL file checkpoints it and deletes its `-wal` and `-shm` *by name*, and those names now
  /// belong to the new file, whose committed pages would go with them. (SQLite skips both when it sees the path
  /// name another file, as `SQLiteAbandonTests` shows; this does not rely on that check.) So the connections are
  /// leaked on purpose: `close()` becomes a no-op, readers handed back are kept rather than closed, and a
  /// process-wide list holds the database so no `deinit` ever closes it. Queries already running here finish on
  /// the old file, on connections it already has; one more reader would open `path`, the new file, so it fails
  /// instead, with `SQLiteError.abandonedFile`.
  public func abandon() {
    let first = readersLock.withLock {
      defer { isAbandoned = true }
      return !isAbandoned
    }
    if first { Self.abandoned.withLock { $0.append(self) } }
  }

  private static let abandoned = Mutex<[SQLiteDatabase]>([])

  /// Runs `body` on a thread of its own instead of the caller's: SQLite has no asynchronous interface, and a write
  /// may wait up to the busy handler's limit for another process's lock, which must not hold one of the few
  /// threads Swift's concurrency runs every task on.
  public func offTheCooperativePool<T: Sendable>(
    _ body: @escaping @Sendable (SQLiteDatabase) throws -> T
  ) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      BlockingWork.queue(Self.queue).async { continuation.resume(with: Result(catching: { try body(self) })) }
    }
  }

  /// Concurrent: reads run side by side on their own connections; writes queue on the writer's lock.
  private static let queue = DispatchQueue(label: "ImageCacheSupport.SQLiteDatabase", attributes: .concurrent)

  private func ensureOpen() throws(SQLiteError) {
    let closed = readersLock.withLock { isClosed }
    if closed { throw SQLiteError(extendedResultCode: SQLiteError.misuse, message: "the database \(path) is closed") }
  }

  private func takeReader() throws -> SQLiteConnection {
    // A new reader is opened under the lock that `abandon` takes: once a recovery has abandoned this database and
    // moved its file aside, no reader of it may open `path`, which by then names the new file, perhaps before its
    // tables exist ("no such table"). It fails as damage instead, and the caller's recovery hands it the new one.
    try readersLock.withLock {
      if isClosed {
        throw SQLiteError(extendedResultCode: SQLiteError.misuse, message: "the database \(path) is closed")
      }
      if let idle = idleReaders.popLast() { return idle }
      if isAbandoned {
        throw SQLiteError(
          extendedResultCode: SQLiteError.abandonedFile,
          message: "the database \(path) was replaced by a new file: open that one")
      }
      let reader = try SQLiteConnection(path: path, readOnly: true, busyHandler: busyHandler)
      try prepare(reader)
      return reader
    }
  }

  private func giveBack(_ reader: SQLiteConnection) {
    let kept = readersLock.withLock {
      if isAbandoned {
        idleReaders.append(reader)
        return true
      }
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
