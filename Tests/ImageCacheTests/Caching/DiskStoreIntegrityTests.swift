import Foundation
import Testing

@testable import ImageCache

@Suite struct DiskStoreIntegrityTests {
  let clock = ManualClock()
  let folder = TemporaryFolder()

  @Test func refreshUpdatesMetadataWithoutChangingBytes() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    let created = clock.advance()
    try store.store(
      "k0", data: DiskFixture.blob(7),
      metadata: DiskEntryMetadata(contentType: "image/png", width: 34, height: 34, etag: "\"v1\"", lastModified: "old"))

    let refreshedAt = clock.advance()
    let expiry = refreshedAt.addingTimeInterval(3600)
    try store.refresh("k0", metadata: DiskEntryMetadata(etag: "\"v2\"", expiresAt: expiry))

    let found = try #require(try store.lookup("k0"))
    #expect(found.data == DiskFixture.blob(7))
    #expect(
      found.metadata
        == DiskEntryMetadata(contentType: "image/png", width: 34, height: 34, etag: "\"v2\"", expiresAt: expiry))
    #expect(try store.entries(limit: 1).first?.createdAt == created)
    #expect(try store.entries(limit: 1).first?.lastAccessAt == refreshedAt)
    #expect(try store.statistics().totalBytes == DiskFixture.entryCharge)
  }

  @Test func batchRefreshGivesEachEntryItsOwnValidatorsAndLeavesTheRestAlone() throws {
    // Given three entries, each with its first validators
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    for (index, key) in ["k0", "k1", "k2"].enumerated() {
      clock.advance()
      try store.store(key, data: DiskFixture.blob(UInt8(index)), metadata: DiskEntryMetadata(etag: "\"\(key)-v1\""))
    }

    // When k0 and k2 come back 304 in one batch, with a key that is not cached among them
    let refreshedAt = clock.advance()
    let expiry = refreshedAt.addingTimeInterval(60)
    try store.refresh(batch: [
      DiskRefresh(key: "k2", metadata: DiskEntryMetadata(etag: "\"k2-v2\"", expiresAt: expiry)),
      DiskRefresh(key: "gone", metadata: DiskEntryMetadata(etag: "\"x\"")),
      DiskRefresh(key: "k0", metadata: DiskEntryMetadata(etag: "\"k0-v2\"", lastModified: "then")),
    ])

    // Then each has its own new validators and counts as used, k1 is untouched, and nothing was added
    let entries = Dictionary(uniqueKeysWithValues: try store.entries(limit: nil).map { ($0.key, $0) })
    #expect(entries.keys.sorted() == ["k0", "k1", "k2"])
    #expect(entries["k0"]?.metadata == DiskEntryMetadata(etag: "\"k0-v2\"", lastModified: "then"))
    #expect(entries["k2"]?.metadata == DiskEntryMetadata(etag: "\"k2-v2\"", expiresAt: expiry))
    #expect(entries["k1"]?.metadata == DiskEntryMetadata(etag: "\"k1-v1\""))
    #expect(entries["k0"]?.lastAccessAt == refreshedAt)
    #expect(entries["k2"]?.lastAccessAt == refreshedAt)
    #expect(entries["k1"]?.lastAccessAt != refreshedAt)
    #expect(try store.lookup("k2")?.data == DiskFixture.blob(2))
  }

  @Test func removeAllEmptiesTheIndexAndTheBlobFolder() throws {
    defer { folder.remove() }
    let store = try DiskStore(directory: folder.url, maxBytes: 64 << 20, clock: clock.function)
    for index in 0..<40 {
      try store.store("https://img.example/\(index).png", data: DiskFixture.blob(1, size: 70_000), metadata: .init())
    }
    #expect(store.blobFileNames.count == 40)

    try store.removeAll()

    #expect(try store.entries(limit: nil).isEmpty)
    let statistics = try store.statistics()
    #expect(statistics.entryCount == 0)
    #expect(statistics.totalBytes == 0)
    #expect(store.blobFileNames.isEmpty)
    #expect(try store.queryInteger("SELECT count(*) FROM doomed_file") == 0)
    #expect(try store.queryInteger("PRAGMA auto_vacuum") == 2)
    #expect(try store.queryInteger("PRAGMA freelist_count") == 0)
    #expect(try store.lookup("https://img.example/0.png") == nil)
  }

  @Test func removeDeletesOneEntry() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try DiskFixture.fill(store, keys: ["k0", "k1", "k2"], clock: clock)

    try store.remove("k1")

    #expect(try DiskFixture.keys(store) == ["k2", "k0"])
    #expect(try store.statistics().totalBytes == 2 * DiskFixture.entryCharge)
  }

  @Test func verifyFindsDamagedFilesAndOrphansAndFixRemovesThem() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, capacity: 10, lowWater: 8, clock: clock)
    try DiskFixture.fill(store, keys: ["k0", "k1", "k2", "k3"], clock: clock)
    // Given: k1's bytes replaced by garbage of the same size, k2's file truncated, an old file nobody names, an old
    // temporary file a crashed writer left, and a new unnamed file (another process about to commit its row)
    try Data(count: DiskFixture.blobSize).write(to: try #require(try store.blobURL(forKey: "k1")))
    try Data(DiskFixture.blob(2).prefix(10)).write(to: try #require(try store.blobURL(forKey: "k2")))
    let orphan = try BlobFiles.plant(in: store, key: "gone", age: 600)
    let temporary = try BlobFiles.plant(in: store, key: "crashed", age: 600, suffix: BlobFolder.temporarySuffix)
    let fresh = try BlobFiles.plant(in: store, key: "in-flight", age: 0)

    let report = try store.verify(fix: false, isValid: DiskFixture.isValid)

    #expect(report == VerifyReport(checked: 4, brokenKeys: ["k1", "k2"], orphans: 2, fixed: false))
    #expect(try DiskFixture.keys(store).count == 4)

    let fixed = try store.verify(fix: true, isValid: DiskFixture.isValid)
    #expect(fixed == VerifyReport(checked: 4, brokenKeys: ["k1", "k2"], orphans: 2, fixed: true))
    #expect(try DiskFixture.keys(store) == ["k3", "k0"])
    #expect(try store.verify(fix: false, isValid: DiskFixture.isValid).isClean)
    #expect(!FileManager.default.fileExists(atPath: orphan.path))
    #expect(!FileManager.default.fileExists(atPath: temporary.path))
    #expect(FileManager.default.fileExists(atPath: fresh.path))
    #expect(store.blobFileNames.count == 3)
    #expect(try store.statistics().totalBytes == 2 * DiskFixture.entryCharge)
  }

  @Test func lookupOfAMissingFileIsAMissAndDropsTheRow() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try DiskFixture.fill(store, keys: ["k0", "k1"], clock: clock)
    try FileManager.default.removeItem(at: try #require(try store.blobURL(forKey: "k0")))

    #expect(try store.lookup("k0") == nil)

    #expect(try DiskFixture.keys(store) == ["k1"])
    #expect(try store.statistics().misses == 1)
    #expect(try store.queryInteger("SELECT count(*) FROM doomed_file") == 0)
  }

  @Test func lookupOfATruncatedFileIsAMissAndRemovesIt() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try DiskFixture.fill(store, keys: ["k0", "k1"], clock: clock)
    let file = try #require(try store.blobURL(forKey: "k0"))
    try Data(DiskFixture.blob(0).prefix(100)).write(to: file)

    #expect(try store.lookup("k0") == nil)

    #expect(try DiskFixture.keys(store) == ["k1"])
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(store.blobFileNames.count == 1)
  }

  @Test func hitsAndMissesPersistAcrossRuns() throws {
    defer { folder.remove() }
    for _ in 0..<2 {
      let store = try DiskFixture.store(in: folder.url, clock: clock)
      try store.store("k0", data: DiskFixture.blob(0), metadata: DiskEntryMetadata())
      _ = try store.lookup("k0")
      _ = try store.lookup("k0")
      _ = try store.lookup("nope")
      try store.close()
    }

    let store = try DiskFixture.store(in: folder.url, clock: clock)
    let statistics = try store.statistics()
    #expect(statistics.hits == 4)
    #expect(statistics.misses == 2)
  }

  @Test func probeSortsKeysIntoAbsentFreshStaleAndNeedsALookup() throws {
    defer { folder.remove() }
    // Given fresh entries k0, k2, k3, an expired k1, and x, y never stored
    let store = try DiskFixture.store(in: folder.url, capacity: 10, clock: clock)
    var expiries: [String: Date] = [:]
    for (index, key) in ["k0", "k1", "k2", "k3"].enumerated() {
      let now = clock.advance()
      expiries[key] = now.addingTimeInterval(key == "k1" ? 5 : 3600)
      try store.store(
        key, data: DiskFixture.blob(UInt8(index)),
        metadata: DiskEntryMetadata(
          contentType: "image/png", width: 3, height: 2, etag: "\"\(key)\"", expiresAt: expiries[key]))
    }
    // and k2's file deleted, k3's file cut short behind the cache's back
    try FileManager.default.removeItem(at: try #require(try store.blobURL(forKey: "k2")))
    try Data(DiskFixture.blob(3).prefix(10)).write(to: try #require(try store.blobURL(forKey: "k3")))

    // When a prefetch probes them all, later than k1's expiry
    let now = clock.advance(by: 60)
    let probe = try store.probe(["k0", "x", "k1", "k2", "k3", "y"], freshAt: now) { _ in true }

    // Then k0 is fresh, k1 is stale and comes with its entry for a revalidation, k2 and k3 (to repair) are left
    // for a lookup
    #expect(probe.absent == ["x", "y"])
    #expect(probe.fresh == ["k0"])
    #expect(probe.stale.keys.sorted() == ["k1"])
    let stale = try #require(probe.stale["k1"])
    #expect(
      stale.metadata
        == DiskEntryMetadata(contentType: "image/png", width: 3, height: 2, etag: "\"k1\"", expiresAt: expiries["k1"]))
    #expect(stale.byteSize == DiskFixture.blob(1).count)
    #expect(stale.lastAccessAt == now)
    #expect(stale.metadata.header == ImageHeader(format: .png, width: 3, height: 2))
    #expect(try store.probe([], freshAt: now) { _ in true } == DiskProbe())
    // and the fresh and stale ones count as hits with their access recorded, the absent ones as misses
    try store.close()
    let reopened = try DiskFixture.store(in: folder.url, capacity: 10, clock: clock)
    let statistics = try reopened.statistics()
    #expect(statistics.hits == 2)
    #expect(statistics.misses == 2)
    #expect(try DiskFixture.keys(reopened).prefix(2).sorted() == ["k0", "k1"])
    #expect(try reopened.entries(limit: 2).map(\.lastAccessAt) == [now, now])
  }

  @Test func manyLookupsFlushInBatches() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try store.store("k0", data: DiskFixture.blob(0), metadata: DiskEntryMetadata())
    let observer = try DiskFixture.store(in: folder.url, clock: clock)

    for _ in 0..<DiskStore.accessFlushThreshold - 1 { _ = try store.lookup("k0") }
    #expect(try observer.queryInteger("SELECT value FROM counter WHERE name = 'hits'") == 0)
    _ = try store.lookup("missing")

    // Written without close(): another instance reads the persisted counter
    #expect(try observer.queryInteger("SELECT value FROM counter WHERE name = 'hits'") == 63)
    #expect(try observer.queryInteger("SELECT value FROM counter WHERE name = 'misses'") == 1)
  }

  @Test func twoInstancesOnOneFolderSeeEachOthersWrites() throws {
    defer { folder.remove() }
    let first = try DiskFixture.store(in: folder.url, clock: clock)
    let second = try DiskFixture.store(in: folder.url, clock: clock)

    try first.store("k0", data: DiskFixture.blob(0), metadata: DiskEntryMetadata(etag: "a"))
    #expect(try second.lookup("k0")?.data == DiskFixture.blob(0))

    try second.store("k1", data: DiskFixture.blob(1), metadata: DiskEntryMetadata())
    #expect(try first.lookup("k1")?.data == DiskFixture.blob(1))

    try second.remove("k0")
    #expect(try first.lookup("k0") == nil)
    #expect(try first.statistics().totalBytes == DiskFixture.entryCharge)
    #expect(try second.statistics().entryCount == 1)
    try first.close()
    try second.close()
  }

  @Test func useAfterCloseIsAnError() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try store.close()
    try store.close()

    guard case .io = diskError({ _ = try store.lookup("k0") }) else {
      Issue.record("expected an I/O error after close")
      return
    }
  }
}

/// A 100,000-entry cache must open and evict without reading the whole index: check the plans, not the clock.
@Suite struct DiskQueryPlanTests {
  @Test(arguments: [
    (DiskQueries.lookup, "SEARCH entry USING INDEX sqlite_autoindex_entry_1 (key=?)"),
    (DiskQueries.evictionCandidates, "SCAN entry USING INDEX entry_by_last_access"),
    (DiskQueries.mostRecentFirst, "SCAN entry USING INDEX entry_by_last_access"),
  ])
  func queryWalksAnIndexWithoutSorting(sql: String, expectedStep: String) throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let store = try DiskStore(directory: folder.url)

    let plan = try store.queryPlan(sql)

    #expect(plan.first == expectedStep, "\(plan)")
    #expect(!plan.contains { $0.contains("TEMP B-TREE") || $0 == "SCAN entry" }, "\(plan)")
  }

  @Test func accessRangeReadsBothEndsOfTheIndex() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let store = try DiskStore(directory: folder.url)

    let plan = try store.queryPlan(DiskQueries.accessRange)

    #expect(plan.filter { $0.contains("SEARCH entry USING COVERING INDEX entry_by_last_access") }.count == 2, "\(plan)")
  }
}
