import Foundation
import TestSupport
import Testing

@testable import ImageCache

/// Several processes opening one brand-new cache at the same moment (two `warm`s, or the browser and `imgcache`,
/// on a fresh machine). Threads with a store each stand in for them: SQLite's locks work the same between
/// connections of one process.
@Suite struct DiskStoreOpenRaceTests {
  @Test func storesOpenedAtOnceOnAFreshFolderAllOpen() async throws {
    for round in 0..<25 {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      let openers = 6
      let url = folder.url
      let found = await runAtOnce(openers) { index in
        let store = try DiskStore(directory: url)
        try store.store("https://img.example/\(index).png", data: DiskFixture.blob(UInt8(index)), metadata: .init())
        try store.close()
      }
      #expect(found.isEmpty, "round \(round): \(found)")
      guard found.isEmpty else { return }
      let store = try DiskStore(directory: folder.url)
      #expect(try store.entries(limit: 100).count == openers)
      try store.close()
    }
  }
}
