import Foundation
import TestSupport
import Testing

@testable import ImageCache

/// A program that never calls `close()` (nor drops its store) loses at most `DiskStore.accessFlushInterval` of
/// access-order updates: a second store on the same folder, as another process would, sees them within that time.
@Suite(.timeLimit(.minutes(20))) struct DiskStoreAccessFlushTests {
  @Test func lookupsReachTheIndexWithoutCloseOrABatchFull() async throws {
    // Given two entries, "old" stored first, and a lookup of "old" later: one lookup, far below the batch size
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let clock = ManualClock()
    let writer = try DiskFixture.store(in: folder.url, capacity: 10, clock: clock)
    try DiskFixture.fill(writer, keys: ["old", "new"], clock: clock)
    let lookedUpAt = clock.advance(by: 60)
    #expect(try writer.lookup("old") != nil)
    #expect(DiskStore.accessFlushThreshold > 1)

    // When another store opens the folder while the first stays open and unclosed
    let reader = try DiskStore(directory: folder.url, maxBytes: 10 * DiskFixture.entryCharge)
    defer { try? reader.close() }

    // Then it sees the lookup's access time and hit count once the flush interval has passed
    try await waitUntil("the lookup's access time in the index") {
      try reader.entries(limit: nil).first?.key == "old"
    }
    let old = try #require(try reader.entries(limit: nil).first { $0.key == "old" })
    #expect(old.lastAccessAt == lookedUpAt)
    #expect(try reader.statistics().hits == 1)
    withExtendedLifetime(writer) {}
  }

  @Test func aClosedStoreStopsItsTimer() async throws {
    // Given a lookup whose batch waits for the timer
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let clock = ManualClock()
    let writer = try DiskFixture.store(in: folder.url, capacity: 10, clock: clock)
    try DiskFixture.fill(writer, keys: ["a"], clock: clock)
    _ = try writer.lookup("a")

    // When the store is closed before the timer fires
    try writer.close()

    // Then close wrote the batch, and the timer firing later finds nothing to do and no open database to use
    let reader = try DiskStore(directory: folder.url, maxBytes: 10 * DiskFixture.entryCharge)
    defer { try? reader.close() }
    #expect(try reader.statistics().hits == 1)
    try await Task.sleep(for: .seconds(DiskStore.accessFlushInterval + 1))
    #expect(try reader.statistics().hits == 1)
  }
}
