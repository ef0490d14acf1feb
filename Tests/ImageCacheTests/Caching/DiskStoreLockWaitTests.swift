import Foundation
import GRDB
import Synchronization
import Testing

@testable import ImageCache

/// Two stores on one folder stand in for two processes: SQLite's locks work the same between connections of one
/// process as between processes.
@Suite struct DiskStoreLockWaitTests {
  let folder = TemporaryFolder()

  /// The other side commits transaction after transaction, as a second `warm` does, leaving the write lock free
  /// only between commits. A write and the closing flush must still get in, and do so before the other side has
  /// finished (it gives up after `cap` commits, a bound generous enough that only a waiter that stopped looking
  /// would reach it).
  @Test func aWriterGetsInBetweenAnotherWritersCommits() async throws {
    defer { folder.remove() }
    let waiter = try DiskStore(directory: folder.url)
    let other = try DiskStore(directory: folder.url)
    let done = Atomic(false)
    let cap = 5_000
    let hog = Task.detached { () throws -> Int in
      var commits = 0
      while !done.load(ordering: .acquiring) && commits < cap {
        try other.pool.writeWithoutTransaction { db in
          try db.inTransaction(.immediate) {
            try db.execute(sql: "UPDATE counter SET value = value WHERE 0")
            usleep(2_000)  // the lock is held, as during a batch commit
            return .commit
          }
        }
        commits += 1
        usleep(300)  // the gap between two batches
      }
      return commits
    }
    usleep(20_000)  // the other side is committing by now
    try waiter.store("https://img.example/1.png", data: DiskFixture.blob(1), metadata: .init())
    _ = try waiter.lookup("https://img.example/1.png")
    try waiter.close()
    done.store(true, ordering: .releasing)
    let commits = try await hog.value
    #expect(commits < cap)
    try other.close()
    let reopened = try DiskStore(directory: folder.url)
    #expect(try reopened.lookup("https://img.example/1.png")?.data == DiskFixture.blob(1))
    try reopened.close()
  }

  @Test func theWaitHasABudget() {
    let budget = Int(DiskStore.busyTimeout * 1_000_000 / Double(DiskStore.busyPollMicroseconds))
    #expect(DiskStore.waitForLock(tries: budget) == false)
    #expect(DiskStore.waitForLock(tries: budget + 1) == false)
    #expect(DiskStore.waitForLock(tries: budget - 1) == true)
    #expect(DiskStore.waitForLock(tries: 0) == true)
  }
}
