import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A busy handler with its own limit, for a database whose callers would rather go on without it than wait the
/// full `SharedSQLite.busyTimeout` for another process's write lock (the image index: a `get` should not sit silent
/// for half a minute behind a long `warm`). Polls as `SharedSQLite.waitForLock` does.
public final class BoundedLockWait: Sendable {
  /// How long one wait for the lock may last before the statement fails with SQLITE_BUSY.
  public let timeout: Duration
  private let timer: LockWaitTimer
  private let noteFirstWait: @Sendable () -> Void
  private let hasNoted = Atomic<Bool>(false)

  /// `noteFirstWait` runs once, when this handler first has to wait (a log line at `-v`).
  public init(timeout: Duration, noteFirstWait: @escaping @Sendable () -> Void = {}) {
    self.timeout = timeout
    self.timer = LockWaitTimer(timeout: timeout)
    self.noteFirstWait = noteFirstWait
  }

  /// SQLite's busy handler, called on each try through an `SQLiteBusyHandler` (`IndexLockWait`).
  @Sendable public func handle(tries: Int) -> Bool {
    if tries == 0, !hasNoted.exchange(true, ordering: .relaxed) { noteFirstWait() }
    guard timer.keepWaiting(tries: tries, thread: UInt(pthread_self())) else { return false }
    usleep(SharedSQLite.busyPollMicroseconds)
    return true
  }
}
