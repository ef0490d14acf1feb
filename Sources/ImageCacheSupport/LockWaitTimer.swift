import Synchronization

/// When each thread's current wait for an SQLite lock began, so the busy handler can stop after a set time.
///
/// SQLite calls the busy handler on the thread that runs the blocked statement, with `tries` 0 on the first call
/// of each wait and counting up from there; a wait ends, unseen by the handler, when the lock is had. So a call
/// with `tries` 0 starts the clock for its thread, and later calls compare against it. Connections on other
/// threads wait on their own clocks.
final class LockWaitTimer: Sendable {
  let timeout: Duration
  private let now: @Sendable () -> ContinuousClock.Instant
  /// By `pthread_self()`. One entry per thread that ever waited: a thread's next wait overwrites its entry.
  private let starts = Mutex<[UInt: ContinuousClock.Instant]>([:])

  init(timeout: Duration, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
    self.timeout = timeout
    self.now = now
  }

  /// Whether the wait that `thread` is in, at its `tries`-th call, may go on.
  func keepWaiting(tries: Int, thread: UInt) -> Bool {
    let now = now()
    return starts.withLock { starts in
      // No start on record (cannot happen with SQLite's counting, but never wait forever): start now.
      guard tries > 0, let start = starts[thread] else {
        starts[thread] = now
        return true
      }
      guard now - start < timeout else {
        starts[thread] = nil
        return false
      }
      return true
    }
  }
}
