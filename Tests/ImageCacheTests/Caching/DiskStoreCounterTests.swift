import Foundation
import ImageCacheSupport
import TestSupport
import Testing

@testable import ImageCache

/// The `entries` and `bytes` counters against the rows they count: inserts and resizes are counted once per
/// transaction by the writer, deletes by a trigger, and a version 3 binary counted both with triggers.
@Suite struct DiskStoreCounterTests {
  let clock = ManualClock()
  let folder = TemporaryFolder()

  /// What version 3 installed and a version 3 binary opening the cache puts back.
  static let version3Triggers = """
    CREATE TRIGGER IF NOT EXISTS entry_inserted AFTER INSERT ON entry BEGIN
      UPDATE counter SET value = value + NEW.charged_bytes WHERE name = 'bytes';
      UPDATE counter SET value = value + 1 WHERE name = 'entries';
    END;
    CREATE TRIGGER IF NOT EXISTS entry_resized AFTER UPDATE OF charged_bytes ON entry BEGIN
      UPDATE counter SET value = value + NEW.charged_bytes - OLD.charged_bytes WHERE name = 'bytes';
    END;
    PRAGMA user_version = 3;
    """

  static func charge(_ key: String, _ size: Int) -> Int { DiskStore.chargedBytes(key: key, byteSize: size) }

  /// The counters `statistics` reports, and what summing the rows gives.
  static func countersAndRows(_ store: DiskStore) throws -> (counted: [Int], summed: [Int?]) {
    let statistics = try store.statistics()
    let summed = [
      try store.queryInteger("SELECT count(*) FROM entry"),
      try store.queryInteger("SELECT coalesce(sum(charged_bytes), 0) FROM entry"),
    ]
    return ([statistics.entryCount, statistics.totalBytes], summed)
  }

  static func expectCountersMatchRows(_ store: DiskStore, _ step: String) throws {
    let found = try countersAndRows(store)
    #expect(found.counted == found.summed.map { $0 ?? -1 }, "\(step)")
  }

  /// A store with room for 50 fixture entries, holding `keys`.
  func store(holding keys: [String]) throws -> DiskStore {
    let store = try DiskFixture.store(in: folder.url, capacity: 50, clock: clock)
    try DiskFixture.fill(store, keys: keys, clock: clock)
    return store
  }

  static func version3TriggerCount(_ store: DiskStore) throws -> Int? {
    try store.queryInteger(
      "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ('entry_inserted', 'entry_resized')")
  }

  @Test func countersMatchTheRowsAfterEveryKindOfWrite() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    let big = 5_000

    // Inserts
    try DiskFixture.fill(store, keys: ["k0", "k1"], clock: clock)
    #expect(try store.statistics().totalBytes == 2 * DiskFixture.entryCharge)
    try Self.expectCountersMatchRows(store, "inserts")

    // A replacement with a different size
    clock.advance()
    try store.store("k1", data: DiskFixture.blob(1, size: big), metadata: DiskEntryMetadata())
    #expect(try store.statistics().totalBytes == DiskFixture.entryCharge + Self.charge("k1", big))
    try Self.expectCountersMatchRows(store, "replacement")

    // One batch writing a key three times: one row, the last size
    clock.advance()
    try store.store(batch: [
      DiskWrite(key: "k2", data: DiskFixture.blob(2), metadata: DiskEntryMetadata()),
      DiskWrite(key: "k2", data: DiskFixture.blob(2, size: big), metadata: DiskEntryMetadata()),
      DiskWrite(key: "k1", data: DiskFixture.blob(1), metadata: DiskEntryMetadata()),
      DiskWrite(key: "k2", data: DiskFixture.blob(2, size: 2_000), metadata: DiskEntryMetadata()),
    ])
    let statistics = try store.statistics()
    #expect(statistics.entryCount == 3 && statistics.totalBytes == 3 * DiskFixture.entryCharge)
    try Self.expectCountersMatchRows(store, "a batch with duplicates")

    // An entry too big to keep drops the older copy
    clock.advance()
    try store.store("k0", data: DiskFixture.blob(0, size: 20_000), metadata: DiskEntryMetadata())
    #expect(try store.statistics().entryCount == 2)
    try Self.expectCountersMatchRows(store, "an entry too big to keep")

    // Eviction
    try DiskFixture.fill(store, keys: ["k3", "k4", "k5", "k6"], clock: clock)
    #expect(try DiskFixture.keys(store) == ["k6", "k5", "k4"])
    try Self.expectCountersMatchRows(store, "eviction")

    // Remove, then clear
    try store.remove("k5")
    #expect(try store.statistics().entryCount == 2)
    try Self.expectCountersMatchRows(store, "remove")
    try store.removeAll()
    #expect(try Self.countersAndRows(store).counted == [0, 0])
    try Self.expectCountersMatchRows(store, "clear")
    try store.close()
  }

  @Test func rowsAreCountedOnceWhileAnOlderBinaryWritesWithItsTriggers() throws {
    defer { folder.remove() }
    // Given an open store, and a version 3 binary that opened the same cache: its triggers are back, and it
    // inserts one row and resizes another, counted by them
    let store = try self.store(holding: ["k0", "k1"])
    try store.executeRawSQL(Self.version3Triggers)
    try store.executeRawSQL(
      """
      INSERT INTO entry (key, file, byte_size, charged_bytes, created_at, last_access_at)
      VALUES ('old', 'old-file', 3000, 4400, 0, 0);
      UPDATE entry SET charged_bytes = charged_bytes + 4096 WHERE key = 'k0';
      """)
    try Self.expectCountersMatchRows(store, "the older binary's writes")

    // When the open store inserts, replaces with a new size and writes a batch, and the older binary writes again
    clock.advance()
    try store.store("k2", data: DiskFixture.blob(2), metadata: DiskEntryMetadata())
    try store.store("k1", data: DiskFixture.blob(1, size: 5_000), metadata: DiskEntryMetadata())
    try store.store(batch: [
      DiskWrite(key: "k3", data: DiskFixture.blob(3), metadata: DiskEntryMetadata()),
      DiskWrite(key: "k0", data: DiskFixture.blob(0), metadata: DiskEntryMetadata()),
    ])
    try store.executeRawSQL(
      """
      INSERT INTO entry (key, file, byte_size, charged_bytes, created_at, last_access_at)
      VALUES ('old2', 'old2-file', 3000, 4400, 0, 0);
      """)

    // Then each row is counted once, the triggers counting while they are there
    #expect(try store.statistics().entryCount == 6)
    try Self.expectCountersMatchRows(store, "both binaries writing")
    #expect(try Self.version3TriggerCount(store) == 2)
    try store.close()

    // and the next open upgrades again, the store counting from then on
    let reopened = try DiskFixture.store(in: folder.url, capacity: 50, clock: clock)
    #expect(try reopened.queryInteger("PRAGMA user_version") == DiskSchema.version)
    #expect(try Self.version3TriggerCount(reopened) == 0)
    try reopened.store("k4", data: DiskFixture.blob(4), metadata: DiskEntryMetadata())
    try reopened.store("k2", data: DiskFixture.blob(2, size: 5_000), metadata: DiskEntryMetadata())
    #expect(try reopened.statistics().entryCount == 7)
    try Self.expectCountersMatchRows(reopened, "after the next open")
    try reopened.close()
  }

  @Test func aStoreCountsItselfWhenTheVersionChangedWithoutTheTriggers() throws {
    defer { folder.remove() }
    // Given an open store whose cache an older binary marked version 3 without putting the triggers back
    let store = try self.store(holding: ["k0"])
    try store.executeRawSQL("PRAGMA user_version = 3")

    // When it stores
    try DiskFixture.fill(store, keys: ["k1", "k2"], clock: clock)

    // Then it upgraded again and counted its rows itself
    #expect(try store.queryInteger("PRAGMA user_version") == DiskSchema.version)
    #expect(try store.statistics().entryCount == 3)
    try Self.expectCountersMatchRows(store, "after the version changed")
    try store.close()
  }

  @Test func aVersion3CacheUpgradesWithItsCountersRight() throws {
    defer { folder.remove() }
    // Given a version 3 cache: its triggers count, and its counters lag behind one row, as when a version 3
    // process wrote while a newer one had its triggers dropped
    let old = try self.store(holding: ["k0", "k1"])
    try old.close()
    let queue = try SQLiteDatabase(path: folder.appending("cache.sqlite").path)
    try queue.write { db in
      try db.execute(sql: Self.version3Triggers)
      try db.execute(
        sql: """
          INSERT INTO entry (key, file, byte_size, charged_bytes, created_at, last_access_at)
          VALUES ('k2', 'k2-file', 3000, 4400, 0, 0);
          UPDATE counter SET value = value - 1 WHERE name = 'entries';
          UPDATE counter SET value = value - 4400 WHERE name = 'bytes';
          """)
    }
    queue.close()

    // When the store opens it and writes
    let store = try DiskFixture.store(in: folder.url, capacity: 50, clock: clock)
    try Self.expectCountersMatchRows(store, "upgrade")
    #expect(try store.statistics().entryCount == 3)
    clock.advance()
    try store.store("k3", data: DiskFixture.blob(3), metadata: DiskEntryMetadata())
    try store.store("k0", data: DiskFixture.blob(0, size: 5_000), metadata: DiskEntryMetadata())
    try store.remove("k1")

    // Then the counters are the rows' sums, counted once
    try Self.expectCountersMatchRows(store, "writes after the upgrade")
    #expect(try store.statistics().entryCount == 3)
    #expect(try store.queryInteger("PRAGMA user_version") == DiskSchema.version)
    #expect(try Self.version3TriggerCount(store) == 0)
    try store.close()
  }

  /// Stores on one folder stand in for processes: SQLite's locks work the same between connections of one process.
  @Test func storesWritingOneFolderAtOnceAgreeOnTheCounters() async throws {
    defer { folder.remove() }
    let url = folder.url
    let charge = DiskFixture.entryCharge
    // Given four stores on one folder, whose limit holds 12 entries: they replace and evict each other's entries
    let failures = await runAtOnce(4) { writer in
      let store = try DiskStore(directory: url, maxBytes: 12 * charge, lowWaterRatio: 0.75)
      for round in 0..<25 {
        let writes = (0..<3).map { offset in
          let key = "k\((writer * 5 + round * 3 + offset) % 20)"
          return DiskWrite(
            key: key, data: DiskFixture.blob(UInt8(writer), size: 1_000 + 4_096 * ((round + offset) % 2)),
            metadata: DiskEntryMetadata())
        }
        try store.store(batch: writes)
        if round % 5 == 4 { try store.remove("k\((writer + round) % 20)") }
      }
      try store.close()
    }
    #expect(failures.isEmpty, "\(failures)")

    // Then the counters are the rows' sums
    let store = try DiskStore(directory: url, maxBytes: 12 * charge)
    let found = try Self.countersAndRows(store)
    #expect(found.counted[0] > 0)
    try Self.expectCountersMatchRows(store, "four writers")
    try store.close()
  }
}
