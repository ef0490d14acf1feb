import Foundation
import Testing

@testable import ImageCache

/// Which entries survive: limits hold 5 fixture entries, the low-water mark 3 (see `DiskFixture`).
@Suite struct DiskStoreEvictionTests {
  let clock = ManualClock()
  let folder = TemporaryFolder()

  @Test func crossingTheLimitEvictsOldestDownToLowWater() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try DiskFixture.fill(store, keys: ["k0", "k1", "k2", "k3", "k4"], clock: clock)
    #expect(try store.statistics().totalBytes == 5 * DiskFixture.entryCharge)

    clock.advance()
    try store.store("k5", data: DiskFixture.blob(5), metadata: DiskEntryMetadata())

    #expect(try DiskFixture.keys(store) == ["k5", "k4", "k3"])
    #expect(try store.statistics().totalBytes == 3 * DiskFixture.entryCharge)
    #expect(try store.statistics().entryCount == 3)
    try store.close()
  }

  @Test func lookupRefreshesRecency() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try DiskFixture.fill(store, keys: ["k0", "k1", "k2", "k3", "k4"], clock: clock)

    clock.advance()
    #expect(try store.lookup("k1")?.data == DiskFixture.blob(1))
    clock.advance()
    #expect(try store.lookup("k0")?.data == DiskFixture.blob(0))
    clock.advance()
    try store.store("k5", data: DiskFixture.blob(5), metadata: DiskEntryMetadata())

    #expect(try DiskFixture.keys(store) == ["k5", "k0", "k1"])
    try store.close()
  }

  @Test func accessOrderSurvivesCloseAndReopen() throws {
    defer { folder.remove() }
    // Given entries stored k0...k4, then looked up in the order k2, k0, k4 (batched, not yet written)
    do {
      let store = try DiskFixture.store(in: folder.url, clock: clock)
      try DiskFixture.fill(store, keys: ["k0", "k1", "k2", "k3", "k4"], clock: clock)
      for key in ["k2", "k0", "k4"] {
        clock.advance()
        _ = try store.lookup(key)
      }
      try store.close()
    }

    // When another store opens the folder and adds an entry past the limit
    let reopened = try DiskFixture.store(in: folder.url, clock: clock)
    clock.advance()
    try reopened.store("k5", data: DiskFixture.blob(5), metadata: DiskEntryMetadata())

    // Then the least recently accessed (k1, k3, k2) went
    #expect(try DiskFixture.keys(reopened) == ["k5", "k4", "k0"])
    try reopened.close()
  }

  @Test func accessesAreWrittenWhenTheStoreIsDroppedWithoutClose() throws {
    defer { folder.remove() }
    do {
      let store = try DiskFixture.store(in: folder.url, clock: clock)
      try DiskFixture.fill(store, keys: ["k0", "k1", "k2"], clock: clock)
      clock.advance()
      _ = try store.lookup("k0")
      _ = try store.lookup("missing")
    }

    let reopened = try DiskFixture.store(in: folder.url, clock: clock)
    #expect(try DiskFixture.keys(reopened) == ["k0", "k2", "k1"])
    #expect(try reopened.statistics().hits == 1)
    #expect(try reopened.statistics().misses == 1)
    try reopened.close()
  }

  @Test func trimDefaultsToTheLowWaterMark() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try DiskFixture.fill(store, keys: ["k0", "k1", "k2", "k3", "k4"], clock: clock)
    clock.advance()
    _ = try store.lookup("k0")

    let report = try store.trim(toBytes: nil)

    let charge = DiskFixture.entryCharge
    #expect(report == TrimReport(removedEntries: 2, removedBytes: 2 * charge, remainingBytes: 3 * charge))
    #expect(try DiskFixture.keys(store) == ["k0", "k4", "k3"])
  }

  @Test func trimToAnExplicitSize() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try DiskFixture.fill(store, keys: ["k0", "k1", "k2", "k3"], clock: clock)

    let report = try store.trim(toBytes: DiskFixture.entryCharge + 10)

    #expect(report.removedEntries == 3)
    #expect(try DiskFixture.keys(store) == ["k3"])
    #expect(try store.trim(toBytes: 0).remainingBytes == 0)
    #expect(try store.statistics().entryCount == 0)
  }

  @Test func overwriteReplacesBytesAndCountsAsAccess() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try DiskFixture.fill(store, keys: ["k0", "k1", "k2", "k3", "k4"], clock: clock)

    clock.advance()
    try store.store("k0", data: DiskFixture.blob(9, size: 500), metadata: DiskEntryMetadata(etag: "v2"))
    clock.advance()
    try store.store("k5", data: DiskFixture.blob(5), metadata: DiskEntryMetadata())

    // Six entries > five → k1, k2, k3 go (down to three); the overwritten k0 counts as just used
    #expect(try DiskFixture.keys(store) == ["k5", "k0", "k4"])
    #expect(try store.lookup("k0")?.data == DiskFixture.blob(9, size: 500))
    #expect(
      try store.statistics().totalBytes
        == 2 * DiskFixture.entryCharge + DiskStore.chargedBytes(key: "k0", byteSize: 500))
  }

  @Test func entryLargerThanTheLowWaterMarkIsNotKept() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try DiskFixture.fill(store, keys: ["k0", "k1"], clock: clock)

    try store.store("k0", data: DiskFixture.blob(0, size: 4 * DiskFixture.entryCharge), metadata: DiskEntryMetadata())

    #expect(try DiskFixture.keys(store) == ["k1"])
    #expect(store.blobFileNames.count == 1)
  }

  @Test func expiredEntryIsStillReturned() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    let expiry = clock.now.addingTimeInterval(60)
    try store.store("k0", data: DiskFixture.blob(0), metadata: DiskEntryMetadata(expiresAt: expiry))

    clock.advance(by: 120)
    let found = try #require(try store.lookup("k0"))

    #expect(found.metadata.expiresAt == expiry)
    #expect(!found.metadata.isFresh(at: clock.now))
    #expect(try store.entries(limit: 1).first?.lastAccessAt == clock.now)
  }
}
