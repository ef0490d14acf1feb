import Foundation
import Synchronization
import Testing

@testable import ImageCache
@testable import ImageCacheSupport

/// Two stores on one folder stand in for two processes: SQLite's locks work the same between connections of one
/// process as between processes.
@Suite struct DiskStoreLockWaitTests {
  let folder = TemporaryFolder()

  /// The other side commits transaction after transaction, as a second `warm` does, leaving the write lock free
  /// only between commits. A write and the closing flush must still get in, and do so before the other side has
  /// finished (it gives up after `cap` commits, about 12 s: only a waiter that stopped trying reaches it). This
  /// catches a busy handler that gives up; it cannot show the old timeout handler's starvation without timing.
  /// Plain threads, not tasks: both sides block while they hold or wait for the lock.
  @Test func aWriterGetsInBetweenAnotherWritersCommits() throws {
    defer { folder.remove() }
    let waiter = try DiskStore(directory: folder.url)
    let other = try DiskStore(directory: folder.url)
    let done = Atomic(false)
    let started = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let cap = 5_000
    let commits = Mutex<(count: Int, error: String?)>((0, nil))
    let hog = Thread {
      defer { finished.signal() }
      while !done.load(ordering: .acquiring) && commits.withLock({ $0.count }) < cap {
        do {
          try other.pool.writeWithoutTransaction { db in
            try db.transaction(.immediate) {
              try db.execute(sql: "UPDATE counter SET value = value WHERE 0")
              usleep(2_000)  // the lock is held, as during a batch commit
            }
          }
        } catch {
          commits.withLock { $0.error = "\(error)" }
          return
        }
        if commits.withLock({
          $0.count += 1; return $0.count
        }) == 1 {
          started.signal()
        }
        usleep(300)  // the gap between two batches
      }
    }
    hog.start()
    // Blocking, not awaiting: a task resumed late on a busy run could miss the other side's whole run of commits.
    started.wait()
    // Whatever happens below, stop the other side before the folder goes.
    defer {
      done.store(true, ordering: .releasing)
      finished.wait()
      try? other.close()
    }
    try waiter.store("https://img.example/1.png", data: DiskFixture.blob(1), metadata: .init())
    _ = try waiter.lookup("https://img.example/1.png")
    try waiter.close()
    let (count, error) = commits.withLock { $0 }
    #expect(error == nil)
    #expect(count < cap)
    let reopened = try DiskStore(directory: folder.url)
    #expect(try reopened.lookup("https://img.example/1.png")?.data == DiskFixture.blob(1))
    try reopened.close()
  }

  /// The budget is time since the wait began, whatever the number of tries: a slow machine's overrunning sleeps
  /// must not stretch it, and each thread's wait runs on its own clock.
  @Test func theWaitHasABudgetInTime() {
    let clock = Mutex(ContinuousClock.now)
    let start = clock.withLock { $0 }
    let timer = LockWaitTimer(timeout: .seconds(30)) { clock.withLock { $0 } }
    func at(_ seconds: Double) { clock.withLock { $0 = start + .milliseconds(Int(seconds * 1000)) } }

    // Given a wait that began at 0 on thread 1, and one that began at 20 s on thread 2
    #expect(timer.keepWaiting(tries: 0, thread: 1))
    at(20)
    #expect(timer.keepWaiting(tries: 0, thread: 2))
    // When few tries have been made but 30 s have passed, thread 1 gives up (a count of tries would go on)
    at(29.9)
    #expect(timer.keepWaiting(tries: 3, thread: 1))
    at(30)
    #expect(!timer.keepWaiting(tries: 4, thread: 1))
    // Then thread 2 is 10 s into its own wait and goes on, whatever its count
    #expect(timer.keepWaiting(tries: 1_000_000, thread: 2))
    // And thread 1's next wait starts a new clock
    #expect(timer.keepWaiting(tries: 0, thread: 1))
    at(59.9)
    #expect(timer.keepWaiting(tries: 1, thread: 1))
    #expect(!timer.keepWaiting(tries: 1, thread: 2))
  }

  @Test func theHandlerSleepsAndGoesOnAtTheStartOfAWait() {
    let before = ContinuousClock.now
    #expect(SharedSQLite.waitForLock(tries: 0))
    #expect(ContinuousClock.now - before >= .microseconds(Int(SharedSQLite.busyPollMicroseconds)))
  }
}
