import Foundation
import ImageCacheSupport
import LastFM
import TestSupport
import Testing

/// A damaged `metadata.sqlite` is moved aside and a new one made, whether the damage shows on open or later.
@Suite struct MetadataCacheRecoveryTests {
  let folder = TemporaryFolder()
  var path: String { folder.url.appendingPathComponent(MetadataCache.fileName).path }

  /// Damaged files moved aside; their `-wal` and `-shm`, moved beside them under the same name, are not counted.
  private var movedAside: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? [])
      .filter { $0.hasPrefix(MetadataCache.fileName + ".damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
  }

  /// Overwrites the file from `offset` on with random bytes and drops its WAL and SHM.
  private func scramble(from offset: Int) throws {
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    let size = Int(try handle.seekToEnd())
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: Data((offset..<size).map { _ in UInt8.random(in: 0...255) }))
    try handle.close()
    for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
  }

  private func filled(_ count: Int) async throws {
    do {
      let cache = try MetadataCache(folder: folder.url)
      for index in 0..<count {
        await cache.store(Array(repeating: UInt8(index % 200), count: 300), for: "key\(index)", method: "m", at: Date())
      }
    }
    // Everything into the main file: the damage must hit the database, not a WAL that is then dropped.
    let database = try SQLiteDatabase(path: path)
    defer { database.close() }
    try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
  }

  @Test func randomBytesAreMovedAsideWhenTheCacheOpens() async throws {
    defer { folder.cleanUp() }
    try await filled(3)
    try scramble(from: 0)

    let cache = try MetadataCache(folder: folder.url)

    #expect(movedAside.count == 1)
    #expect(await cache.keys().isEmpty)
    await cache.store([1, 2, 3], for: "again", method: "m", at: Date())
    #expect(await cache.storedAnswer(for: "again")?.body == [1, 2, 3])
  }

  // MARK: - Damage found while the cache is open

  /// How the file is damaged under an open cache: random bytes over all of it (SQLite then says "not a database"),
  /// or 0xFF over every page but the first (a page of an unknown kind: "malformed").
  enum Damage: CaseIterable {
    case wholeFile
    case pagesAfterTheFirst

    var offset: Int { self == .wholeFile ? 0 : 4096 }
  }

  /// Moves every committed page into the main file (so nothing is read from the WAL), then overwrites the file
  /// from `damage.offset` on, leaving the WAL and SHM the open connections share. The checkpoint resets the WAL,
  /// which tells every open connection to forget the pages it kept and read them again.
  private func damageWhileOpen(_ damage: Damage) throws {
    let database = try SQLiteDatabase(path: path)
    let busy = try database.writeWithoutTransaction {
      try $0.fetchValue(Int.self, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
    database.close()
    try #require(busy == 0, "the checkpoint could not complete")
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    let size = Int(try handle.seekToEnd())
    try #require(size > damage.offset + 4096, "the file should span several pages; it has \(size) bytes")
    try handle.seek(toOffset: UInt64(damage.offset))
    let garbage = (damage.offset..<size).map { _ in damage == .wholeFile ? UInt8.random(in: 0...255) : 0xFF }
    try handle.write(contentsOf: Data(garbage))
    try handle.close()
  }

  /// An open cache with `count` answers.
  private func openFilled(_ count: Int, log: LogRecorder) async throws -> MetadataCache {
    let cache = try MetadataCache(folder: folder.url, logger: log.logger)
    for index in 0..<count {
      await cache.store(Array(repeating: UInt8(index % 200), count: 300), for: "key\(index)", method: "m", at: Date())
    }
    return cache
  }

  private func expectWarnings(_ count: Int, in log: LogRecorder, sourceLocation: SourceLocation = #_sourceLocation) {
    let warnings = log.messages(at: .warning)
    #expect(warnings.count == count, "\(warnings)", sourceLocation: sourceLocation)
    for line in warnings {
      #expect(line.hasPrefix("metadata cache \(path) was damaged ("), "\(line)", sourceLocation: sourceLocation)
      #expect(line.contains("moved it to \(path).damaged-"), "\(line)", sourceLocation: sourceLocation)
      #expect(line.hasSuffix("Last.fm answers will be fetched again"), "\(line)", sourceLocation: sourceLocation)
      #expect(!line.contains("\n"), sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: Damage.allCases)
  func damageFoundByAReadIsMovedAsideAndTheCacheGoesOn(damage: Damage) async throws {
    // Given an open cache whose file is damaged behind its back
    defer { folder.cleanUp() }
    let log = LogRecorder()
    let cache = try await openFilled(40, log: log)
    try damageWhileOpen(damage)

    // When it is read
    let found = await cache.storedAnswer(for: "key1")

    // Then that read misses, the file is moved aside once with one warning, and the new file keeps what is stored
    #expect(found == nil)
    #expect(movedAside.count == 1)
    expectWarnings(1, in: log)
    #expect(await cache.keys().isEmpty)
    await cache.store([1, 2, 3], for: "again", method: "m", at: Date())
    #expect(await cache.storedAnswer(for: "again")?.body == [1, 2, 3])
    #expect(movedAside.count == 1)
    #expect(log.messages(at: .warning).count == 1)
  }

  @Test func damageFoundByAWriteIsMovedAsideAndTheWriteLandsInTheNewFile() async throws {
    defer { folder.cleanUp() }
    let log = LogRecorder()
    let cache = try await openFilled(40, log: log)
    try damageWhileOpen(.wholeFile)

    await cache.store([4, 5, 6], for: "written", method: "m", at: Date())

    #expect(movedAside.count == 1)
    expectWarnings(1, in: log)
    #expect(await cache.storedAnswer(for: "written")?.body == [4, 5, 6])
    // What the next process opens is the new file, with the answer in it
    let reopened = try MetadataCache(folder: folder.url)
    #expect(await reopened.keys() == ["written"])
  }

  @Test func manyCallersFindingTheSameDamageMoveItAsideOnce() async throws {
    defer { folder.cleanUp() }
    let log = LogRecorder()
    let cache = try await openFilled(40, log: log)
    try damageWhileOpen(.wholeFile)

    await withTaskGroup(of: Void.self) { group in
      for index in 0..<16 {
        group.addTask {
          if index.isMultiple(of: 2) {
            _ = await cache.storedAnswer(for: "key\(index)")
          } else {
            await cache.store([UInt8(index)], for: "new\(index)", method: "m", at: Date())
          }
        }
      }
    }

    #expect(movedAside.count == 1)
    expectWarnings(1, in: log)
    #expect(await cache.keys() == (0..<16).filter { !$0.isMultiple(of: 2) }.map { "new\($0)" }.sorted())
  }

  @Test func aSecondDamageInTheSameRunIsRepairedTheSameWay() async throws {
    defer { folder.cleanUp() }
    let log = LogRecorder()
    let cache = try await openFilled(40, log: log)
    try damageWhileOpen(.wholeFile)
    #expect(await cache.storedAnswer(for: "key1") == nil)
    for index in 0..<40 {
      await cache.store(Array(repeating: 7, count: 300), for: "k\(index)", method: "m", at: Date())
    }

    try damageWhileOpen(.pagesAfterTheFirst)
    #expect(await cache.storedAnswer(for: "k1") == nil)

    #expect(movedAside.count == 2)
    expectWarnings(2, in: log)
    await cache.store([9], for: "third", method: "m", at: Date())
    #expect(await cache.storedAnswer(for: "third")?.body == [9])
  }

  @Test func aCacheSharingTheFolderOpensTheFileAnotherReplacedAndMovesNothing() async throws {
    // Given two caches on one folder, as two processes would have (the browser and imgcache)
    defer { folder.cleanUp() }
    let firstLog = LogRecorder()
    let secondLog = LogRecorder()
    let first = try await openFilled(40, log: firstLog)
    let second = try MetadataCache(folder: folder.url, logger: secondLog.logger)
    try damageWhileOpen(.wholeFile)

    // When the first finds the damage and replaces the file, then the second reads and writes
    #expect(await first.storedAnswer(for: "key1") == nil)
    let movedByTheFirst = movedAside
    #expect(await second.storedAnswer(for: "key2") == nil)
    await second.store([8], for: "shared", method: "m", at: Date())

    // Then the new file is moved aside by nobody, and both see the same answers in it
    #expect(movedByTheFirst.count == 1)
    #expect(movedAside == movedByTheFirst)
    expectWarnings(1, in: firstLog)
    #expect(secondLog.messages(at: .warning).isEmpty, "\(secondLog.messages(at: .warning))")
    #expect(await first.storedAnswer(for: "shared")?.body == [8])
  }
}
