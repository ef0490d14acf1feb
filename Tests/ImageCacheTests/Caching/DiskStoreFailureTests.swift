import Foundation
import Testing

@testable import ImageCache

@Suite struct DiskStoreFailureTests {
  let clock = ManualClock()
  let folder = TemporaryFolder()

  @Test func fullDiskForTheFileKeepsWhatWasCachedAndLeavesNoFile() throws {
    defer { folder.remove() }
    let store = try DiskStore(directory: folder.url, maxBytes: 64 << 20, clock: clock.function)
    try DiskFixture.fill(store, keys: ["k0", "k1"], clock: clock)
    let before = try store.statistics()
    store.simulateFreeSpace(100_000)

    let error = diskError {
      try store.store("big", data: DiskFixture.blob(9, size: 200_000), metadata: DiskEntryMetadata())
    }

    #expect(error == .diskFull(path: folder.url.path))
    #expect(try DiskFixture.keys(store) == ["k1", "k0"])
    #expect(try store.lookup("k0")?.data == DiskFixture.blob(0))
    let after = try store.statistics()
    #expect(after.totalBytes == before.totalBytes)
    #expect(after.entryCount == 2)
    #expect(store.blobFileNames.count == 2)
  }

  @Test func fullDiskForTheIndexUnlinksTheFilesOfTheFailedBatch() throws {
    defer { folder.remove() }
    let store = try DiskStore(directory: folder.url, maxBytes: 64 << 20, clock: clock.function)
    try DiskFixture.fill(store, keys: ["k0", "k1"], clock: clock)
    // SQLite answers SQLITE_FULL, exactly as on ENOSPC, once the file would pass max_page_count
    // (a per-connection setting; the store has a single writer connection).
    let pages = try #require(try store.queryInteger("PRAGMA page_count"))
    try store.executeRawSQL("PRAGMA max_page_count = \(pages)")
    let writes = (0..<200).map { index in
      DiskWrite(
        key: "https://img.example/\(index)/" + String(repeating: "x", count: 200), data: DiskFixture.blob(3),
        metadata: DiskEntryMetadata())
    }

    let error = diskError { try store.store(batch: writes) }

    #expect(error == .diskFull(path: folder.url.path))  // the cache folder, as a blob that does not fit says
    #expect(try DiskFixture.keys(store) == ["k1", "k0"])
    #expect(store.blobFileNames.count == 2, "the batch's files were written, then unlinked on rollback")
    #expect(try store.statistics().entryCount == 2)
  }

  @Test func concurrentUseFromManyTasksKeepsTotalsConsistent() async throws {
    defer { folder.remove() }
    // Room for 12 fixture entries, 20 keys in play: stores keep evicting while others read.
    let store = try DiskFixture.store(in: folder.url, capacity: 12, lowWater: 8, clock: clock)
    let taskCount = 8
    let operationsPerTask = 40

    try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<taskCount {
        group.addTask {
          var lookups = 0
          for step in 0..<operationsPerTask {
            let key = "k\((task * 3 + step) % 20)"
            if step % 2 == 0 {
              try store.store(key, data: DiskFixture.blob(UInt8(task)), metadata: DiskEntryMetadata())
            } else {
              lookups += 1
              if let found = try store.lookup(key) { #expect(DiskFixture.isValid(found.data)) }
            }
          }
          return lookups
        }
      }
      var lookups = 0
      for try await count in group { lookups += count }

      let statistics = try store.statistics()
      let entries = try store.entries(limit: nil)
      #expect(statistics.hits + statistics.misses == lookups)
      #expect(statistics.entryCount == entries.count)
      let charges = entries.map { DiskStore.chargedBytes(key: $0.key, byteSize: $0.byteSize) }
      #expect(statistics.totalBytes == charges.reduce(0, +))
      #expect(statistics.totalBytes <= statistics.maxBytes)
      #expect(try store.verify(fix: false, isValid: DiskFixture.isValid).isClean)
    }
  }
}
