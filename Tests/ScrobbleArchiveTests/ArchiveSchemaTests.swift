import FoundationEssentials
import ImageCacheSupport
import Testing

@testable import ScrobbleArchive

@Suite struct ArchiveSchemaTests {
  @Test func twoPlaysOfOneSecondAreBothKept() throws {
    let path = "/tmp/scrobble-archive-\(UUID().uuidString).sqlite"
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let database = try SQLiteDatabase(path: path)
    defer { database.close() }
    try database.write { connection in
      for statement in ArchiveSchema.statements { try connection.execute(sql: statement) }
      for seq in 0..<2 {
        try connection.execute(
          sql: "INSERT INTO scrobble (time, seq, artist, album, track) VALUES (?, ?, ?, ?, ?)",
          arguments: [Int64(1_700_000_000), Int64(seq), "A", "B", "C"])
      }
    }
    let count = try database.read { try $0.fetchValue(Int64.self, sql: "SELECT count(*) FROM scrobble") }
    #expect(count == 2)
  }
}
