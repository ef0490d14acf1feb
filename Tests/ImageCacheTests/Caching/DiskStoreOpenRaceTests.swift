import Foundation
import Synchronization
import Testing

@testable import ImageCache

/// Several processes opening one brand-new cache at the same moment (two `warm`s, or the browser and `imgcache`,
/// on a fresh machine). Threads with a store each stand in for them: SQLite's locks work the same between
/// connections of one process.
@Suite struct DiskStoreOpenRaceTests {
  @Test func storesOpenedAtOnceOnAFreshFolderAllOpen() throws {
    for round in 0..<25 {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      let openers = 6
      let ready = DispatchGroup()
      let go = DispatchSemaphore(value: 0)
      let done = DispatchGroup()
      let failures = Mutex<[String]>([])
      for index in 0..<openers {
        ready.enter()
        done.enter()
        Thread {
          defer { done.leave() }
          ready.leave()
          go.wait()
          do {
            let store = try DiskStore(directory: folder.url)
            try store.store("https://img.example/\(index).png", data: DiskFixture.blob(UInt8(index)), metadata: .init())
            try store.close()
          } catch {
            failures.withLock { $0.append("round \(round), opener \(index): \(error)") }
          }
        }.start()
      }
      ready.wait()
      for _ in 0..<openers { go.signal() }
      done.wait()
      let found = failures.withLock { $0 }
      #expect(found.isEmpty, "\(found)")
      guard found.isEmpty else { return }
      let store = try DiskStore(directory: folder.url)
      #expect(try store.entries(limit: 100).count == openers)
      try store.close()
    }
  }
}
