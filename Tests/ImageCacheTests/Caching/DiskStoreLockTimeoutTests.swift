import Foundation
import ImageCacheSupport
import TestSupport
import Testing

@testable import ImageCache

/// A write lock another process holds (here: a second connection in BEGIN IMMEDIATE) is waited on for the store's
/// `lockTimeout`, not for the half minute SQLite's shared files allow, with one note, and then fails in one line.
@Suite struct DiskStoreLockTimeoutTests {
  let folder = TemporaryFolder()

  @Test func aWriteGivesUpAfterItsLockTimeoutWithOneLineAndOneNote() async throws {
    defer { folder.remove() }
    let log = LogRecorder()
    let store = try DiskStore(directory: folder.url, lockTimeout: .milliseconds(200), logger: log.logger)
    let holder = try SQLiteDatabase(path: folder.appending("cache.sqlite").path)

    // Given another connection holding the write lock
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let released = DispatchSemaphore(value: 0)
    let thread = Thread {
      defer { released.signal() }
      try? holder.writeWithoutTransaction { db in
        try db.transaction(.immediate) {
          held.signal()
          release.wait()
        }
      }
    }
    thread.start()
    await offThePool { held.wait() }
    defer {
      release.signal()
      released.wait()
    }

    // When two writes need it
    var errors: [DiskCacheError] = []
    for index in 0..<2 {
      do {
        try store.store("k\(index)", data: DiskFixture.blob(1), metadata: .init())
      } catch {
        errors.append(error)
      }
    }

    // Then each fails with the one line naming the wait, and the wait was noted once
    #expect(errors.count == 2)
    for error in errors {
      #expect(
        error.description
          == "cache I/O error: the cache index \(folder.appending("cache.sqlite").path) stayed locked by another "
          + "process for 0.2 s; try again once it is done")
    }
    #expect(log.messages(at: .info).count == 1)
    #expect(log.messages(at: .info).first?.contains("waiting for another process's write lock") == true)
    // and nothing half-written is left: no file without its row
    #expect(store.blobFileNames.isEmpty)
  }
}
