import Foundation
import ImageCacheSupport
import LastFM
import Testing

/// A damaged `metadata.sqlite` is moved aside and a new one made, whether the damage shows on open or later.
@Suite struct MetadataCacheRecoveryTests {
  let folder = TemporaryFolder()
  var path: String { folder.url.appendingPathComponent(MetadataCache.fileName).path }

  private var movedAside: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? [])
      .filter { $0.hasPrefix(MetadataCache.fileName + ".damaged-") }
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
}
