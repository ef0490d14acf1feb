import Foundation
import Synchronization
import Testing

@testable import ImageCache

/// `verify` while another process replaces entries: the snapshot it reads may name a file the writer has just
/// replaced and unlinked. Such an entry is not broken, and must not be reported.
@Suite struct DiskStoreVerifyRaceTests {
  let folder = TemporaryFolder()

  @Test func verifyReportsNothingBrokenWhileAnotherStoreReplacesEntries() throws {
    defer { folder.remove() }
    let keys = (0..<40).map { "https://img.example/\($0).png" }
    let writer = try DiskStore(directory: folder.url, maxBytes: 1 << 30)
    let checker = try DiskStore(directory: folder.url, maxBytes: 1 << 30)
    try writer.store(batch: keys.map { DiskWrite(key: $0, data: DiskFixture.blob(0), metadata: .init()) })

    // A second store (another process, to SQLite) rewrites every entry, round after round, on its own thread
    let rounds = 150
    let done = Atomic(false)
    let failure = Mutex<String?>(nil)
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
      defer {
        done.store(true, ordering: .releasing)
        finished.signal()
      }
      for round in 1...rounds {
        let writes = keys.map { DiskWrite(key: $0, data: DiskFixture.blob(UInt8(round % 200)), metadata: .init()) }
        do { try writer.store(batch: writes) } catch {
          failure.withLock { $0 = "\(error)" }
          return
        }
      }
    }
    thread.start()

    // verify, again and again, until the writer is done: no entry is ever reported broken
    var reports: [VerifyReport] = []
    while !done.load(ordering: .acquiring) {
      reports.append(try checker.verify(fix: false, isValid: DiskFixture.isValid))
    }
    finished.wait()
    #expect(failure.withLock { $0 } == nil)
    #expect(!reports.isEmpty)
    #expect(reports.allSatisfy { $0.brokenKeys.isEmpty && $0.orphans == 0 }, "\(reports.filter { !$0.isClean })")
    #expect(try checker.verify(fix: false, isValid: DiskFixture.isValid).checked == keys.count)
  }
}
