#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How this package's SQLite files (the image index, the Last.fm metadata cache) behave when several processes use
/// one: the browser and `imgcache warm` on the same cache folder, two warms at once.
public enum SharedSQLite {
  /// How long a process waits for another's write lock, or for a new file another process is creating, before it
  /// gives up with "database is locked".
  public static let busyTimeout: Double = 30
  static let busyPollMicroseconds: UInt32 = 1_000
  /// Measures each wait in time, not in tries: a try is a 1 ms sleep plus a lock attempt, and on a loaded machine
  /// a sleep overruns, so 30,000 tries could last far longer than 30 s.
  static let lockWait = LockWaitTimer(timeout: .seconds(busyTimeout))

  /// The busy handler of every `SQLiteConnection` not given its own (`SQLiteBusyHandler.shared`). SQLite's built-in
  /// timeout sleeps ever longer between tries, 100 ms from the 12th on, so a waiter could sit idle for most of that after
  /// the lock was free; against a process that commits batch after batch it may keep missing the gaps between
  /// commits. Trying every millisecond costs one lock attempt each.
  @Sendable public static func waitForLock(tries: Int) -> Bool {
    guard lockWait.keepWaiting(tries: tries, thread: UInt(pthread_self())) else { return false }
    usleep(busyPollMicroseconds)
    return true
  }

  /// Creates the database file with mode 0600 if it is absent; 0 or the errno. SQLite gives the -wal and -shm files
  /// the database file's mode, so this one call covers all three. `O_EXCL`, because both alternatives are unsafe
  /// when processes race to create the file: `FileManager.createFile` writes a temporary file and renames it over
  /// the path (replacing a database another process has just started to fill), and opening an existing file
  /// only to close it again drops every POSIX lock this process's SQLite connections hold on it.
  public static func createPrivateFile(atPath path: String) -> Int32 {
    let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor < 0 { return errno == EEXIST ? 0 : errno }
    // The umask may have removed bits we asked for; set exactly what we want.
    _ = fchmod(descriptor, 0o600)
    close(descriptor)
    return 0
  }

  /// Opens a WAL database and runs `setUp` (schema, migrations) on it, trying again while another process is
  /// creating the same new file. Switching a new file to WAL (`PRAGMA journal_mode = WAL` on open) needs a
  /// lock SQLite does not wait for: when several processes opened one fresh cache at once, the others could fail
  /// at once with "database is locked" (SQLite's log: `statement aborts at 2: [PRAGMA journal_mode = WAL]`). Once
  /// the file is in WAL mode the switch is a no-op, so a try a moment later succeeds. Opening and `setUp` must be
  /// idempotent; errors other than SQLITE_BUSY are not retried.
  public static func openPool(
    path: String, busyHandler: SQLiteBusyHandler = .shared,
    prepare: @escaping @Sendable (SQLiteConnection) throws -> Void = { _ in },
    setUp: (SQLiteDatabase) throws -> Void
  ) throws -> SQLiteDatabase {
    let deadline = ContinuousClock.now + .seconds(busyTimeout)
    while true {
      do {
        let pool = try SQLiteDatabase(path: path, busyHandler: busyHandler, prepare: prepare)
        try setUp(pool)
        return pool
      } catch let error as SQLiteError where error.resultCode == SQLiteError.busy && ContinuousClock.now < deadline {
        // 1–4 ms, jittered so that racing processes do not retry in step.
        usleep(busyPollMicroseconds * UInt32.random(in: 1...4))
      }
    }
  }
}
