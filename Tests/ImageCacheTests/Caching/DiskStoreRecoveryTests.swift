import Foundation
import TestSupport
import Testing

@testable import ImageCache

/// A damaged index is moved aside and replaced, whichever way it is damaged and wherever the damage is found.
@Suite struct DiskStoreRecoveryTests {
  let folder = TemporaryFolder()

  /// A cache of `count` entries whose keys are long enough that the index spans many pages, closed.
  private func filledCache(_ count: Int) throws {
    let store = try DiskStore(directory: folder.url, maxBytes: 1 << 30)
    let writes = (0..<count).map { index in
      DiskWrite(
        key: "https://img.example/\(index)/" + String(repeating: "k", count: 200), data: DiskFixture.blob(1, size: 64),
        metadata: DiskEntryMetadata(contentType: "image/png", etag: "\"\(index)\""))
    }
    try store.store(batch: writes)
    // Everything into the main file: the damage below must hit the index, not a WAL that is then dropped.
    try store.executeRawSQL("PRAGMA wal_checkpoint(TRUNCATE)")
    try store.close()
  }

  private var databasePath: String { folder.appending("cache.sqlite").path }

  /// Overwrites the index from `offset` to its end with random bytes, and drops its WAL and SHM (all committed
  /// pages are in the main file once the store closed).
  private func scramble(from offset: Int) throws {
    let handle = try #require(FileHandle(forUpdatingAtPath: databasePath))
    let size = Int(try handle.seekToEnd())
    var generator = SystemRandomNumberGenerator()
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: Data((offset..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    try handle.close()
    for suffix in ["-wal", "-shm"] { unlink(databasePath + suffix) }
  }

  /// Damaged index files moved aside. Their `-wal` and `-shm`, when the damage was found after opening (while the
  /// connections had them), go beside them under the same name and are not counted.
  private var movedAside: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? [])
      .filter { $0.hasPrefix("cache.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.sorted()
  }

  private func expectOneWarning(_ log: LogRecorder) {
    let warnings = log.messages(at: .warning)
    #expect(warnings.count == 1)
    let line = warnings.first ?? ""
    #expect(line.contains("cache index \(databasePath) was damaged"))
    #expect(line.contains("moved it to \(databasePath).damaged-"))
    #expect(line.hasSuffix("cached images will be fetched again"))
    #expect(!line.contains("\n"))
  }

  @Test func randomBytesOverTheWholeIndexAreMovedAsideWhenTheCacheOpens() throws {
    // Given a cache whose index was overwritten with random bytes, with no WAL beside it
    defer { folder.remove() }
    try filledCache(50)
    let blobsBefore = try DiskStore(directory: folder.url).blobFileNames
    try scramble(from: 0)
    let damagedBytes = try Data(contentsOf: URL(fileURLWithPath: databasePath))

    // When it is opened again
    let log = LogRecorder()
    let store = try DiskStore(directory: folder.url, logger: log.logger)

    // Then the old index sits beside the new one, byte for byte, one warning says so, and the new index works
    expectOneWarning(log)
    let moved = try #require(movedAside.first)
    #expect(movedAside.count == 1)
    #expect(try Data(contentsOf: folder.appending(moved)) == damagedBytes)
    #expect(try store.statistics().entryCount == 0)
    try store.store("k0", data: DiskFixture.blob(7), metadata: .init())
    #expect(try store.lookup("k0")?.data == DiskFixture.blob(7))
    // and the old files, which nothing names now, go as orphans do
    #expect(Set(blobsBefore).isSubset(of: Set(store.blobFileNames)))
    try store.removeAll()
    #expect(store.blobFileNames.isEmpty)
  }

  @Test func aScrambledTailBehindASoundFirstPageIsFoundByTheQueryThatReadsIt() throws {
    // Given a real index of many rows whose pages after the first were overwritten
    defer { folder.remove() }
    try filledCache(2_000)
    try scramble(from: 4096)
    let log = LogRecorder()
    let store = try DiskStore(directory: folder.url, logger: log.logger)

    // When a lookup reads a damaged page (if opening, which reads the schema, did not already)
    let found = try store.lookup("https://img.example/1999/" + String(repeating: "k", count: 200))

    // Then it is a miss on a new index, and the damaged one was moved aside once, with one warning
    #expect(found == nil)
    expectOneWarning(log)
    #expect(movedAside.count == 1)
    #expect(try store.entries(limit: nil).isEmpty)
    try store.store("k1", data: DiskFixture.blob(3), metadata: .init())
    #expect(try store.verify(fix: false, isValid: DiskFixture.isValid).brokenKeys.isEmpty)
  }

  @Test func clearWorksOnAScrambledIndex() throws {
    // Given the scrambled index of many rows
    defer { folder.remove() }
    try filledCache(2_000)
    try scramble(from: 4096)
    let log = LogRecorder()
    let store = try DiskStore(directory: folder.url, logger: log.logger)

    // When everything is removed
    try store.removeAll()

    // Then the folder holds no image file and an empty, working index
    #expect(store.blobFileNames.isEmpty)
    #expect(try store.statistics().entryCount == 0)
    expectOneWarning(log)
  }

  @Test func aSecondStoreOnTheSameFolderDoesNotMoveTheNewIndexAsideAgain() throws {
    // Given two stores open on one damaged index (two processes)
    defer { folder.remove() }
    try filledCache(2_000)
    try scramble(from: 4096)
    let firstLog = LogRecorder()
    let secondLog = LogRecorder()
    let first = try DiskStore(directory: folder.url, logger: firstLog.logger)
    let second = try DiskStore(directory: folder.url, logger: secondLog.logger)

    // When the first finds the damage and replaces the index, then stores in the new one
    _ = try first.entries(limit: nil)
    try first.store("k0", data: DiskFixture.blob(9), metadata: .init())
    // and the second finds the damage later, on its own connections to the old file
    _ = try second.entries(limit: nil)

    // Then only one index was moved aside, and both see the entry the first stored
    #expect(movedAside.count == 1)
    #expect(firstLog.messages(at: .warning).count == 1)
    #expect(secondLog.messages(at: .warning).isEmpty)
    #expect(try second.lookup("k0")?.data == DiskFixture.blob(9))
    try first.close()
    try second.close()
  }
}
