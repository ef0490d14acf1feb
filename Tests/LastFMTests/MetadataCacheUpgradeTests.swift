import Foundation
import ImageCacheSupport
import LastFM
import TestSupport
import Testing

/// Caches written before `MetadataCache.install` replaced GRDB's migrator still open, keep their answers, and lose
/// the migrator's bookkeeping table.
@Suite struct MetadataCacheUpgradeTests {
  @Test func aCacheMadeByTheOldMigratorKeepsItsAnswersAndLosesTheMigrationsTable() async throws {
    // Given: metadata.sqlite as the migrator left it, with one stored answer.
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    let file = folder.url.appendingPathComponent(MetadataCache.fileName).path
    do {
      let old = try SQLiteDatabase(path: file)
      defer { old.close() }
      try old.write { db in
        try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v1')")
        try db.execute(
          sql: """
            CREATE TABLE answer (key TEXT PRIMARY KEY NOT NULL, method TEXT NOT NULL, body BLOB NOT NULL,
              storedAt DOUBLE NOT NULL)
            """)
        try db.execute(sql: "INSERT INTO answer VALUES ('k', 'artist.getInfo', x'010203', 1.0)")
      }
    }

    // When
    let cache = try MetadataCache(folder: folder.url)

    // Then
    #expect(await cache.storedAnswer(for: "k")?.body == [1, 2, 3])
    let tables = try SQLiteDatabase(path: file).read { db in
      try db.fetchColumn(String.self, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    }
    #expect(tables == ["answer"])
  }

  /// The file format did not change with the SQLite layer: the GRDB build's `metadata.sqlite`
  /// (`Tests/Fixtures/grdb-written`) opens as it is and answers from what it stored.
  @Test func aCacheTheGRDBBuildWroteKeepsItsAnswers() async throws {
    // Given the GRDB build's metadata cache
    let folder = TemporaryFolder()
    defer { folder.cleanUp() }
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Fixtures.url("grdb-written/\(MetadataCache.fileName)"),
      to: folder.url.appendingPathComponent(MetadataCache.fileName))

    // When it is opened
    let cache = try MetadataCache(folder: folder.url)

    // Then its two answers are there, whole, and it takes a new one
    let info = "demo artist.getInfo?artist=Tandbond&autocorrect=1"
    #expect(
      await cache.keys() == [info, "demo artist.getTopAlbums?artist=Tandbond&autocorrect=1&limit=3&page=1"])
    let answer = try #require(await cache.storedAnswer(for: info))
    #expect(answer.body.count == 5_157)
    #expect(answer.body.starts(with: Array("{\"artist\":".utf8)))
    await cache.store([1], for: "new", method: "m", at: Date())
    #expect(await cache.keys().count == 3)
  }
}
