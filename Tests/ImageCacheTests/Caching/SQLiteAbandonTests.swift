import Foundation
import ImageCacheSupport
import Testing

/// A database whose file was renamed away (moved aside as damaged) is abandoned, not closed: its connections stay
/// open for the rest of the process, and the new file at the same path keeps its write-ahead log.
@Suite struct SQLiteAbandonTests {
  let folder = TemporaryFolder()

  @Test func anAbandonedDatabaseKeepsItsConnectionsAndLeavesTheNewFilesJournalAlone() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    let path = folder.appending("index.sqlite").path
    weak var abandoned: SQLiteDatabase?
    let new: SQLiteDatabase
    do {
      // Given a database whose files were renamed away while it was open
      let old = try SQLiteDatabase(path: path)
      abandoned = old
      try old.write { try $0.execute(sql: "CREATE TABLE old (x)") }
      for suffix in ["", "-wal", "-shm"] {
        try #require(rename(path + suffix, path + ".damaged" + suffix) == 0)
      }
      // and a new database at the same path, whose commit is still only in its WAL
      new = try SQLiteDatabase(path: path)
      try new.write { db in
        try db.execute(sql: "CREATE TABLE fresh (x)")
        try db.execute(sql: "INSERT INTO fresh VALUES (1)")
      }

      // When the old one is abandoned, then closed
      old.abandon()
      old.close()

      // Then its writer is still open on the old file
      #expect(
        try old.writeWithoutTransaction { try $0.fetchValue(Int.self, sql: "SELECT count(*) FROM old") } == 0)
    }
    defer { new.close() }
    // and outlives its last reference, so no deinit closes it
    #expect(abandoned != nil)
    // and the new file's WAL is still there, with the commit another connection sees
    #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    let other = try SQLiteDatabase(path: path)
    defer { other.close() }
    #expect(try other.read { try $0.fetchValue(Int.self, sql: "SELECT count(*) FROM fresh") } == 1)
  }

  @Test func anAbandonedDatabaseOpensNoReaderOnTheNewFileAndSaysSoAsDamage() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    let path = folder.appending("metadata.sqlite").path
    // Given a database with a table, abandoned with no idle reader, its file moved aside
    let old = try SQLiteDatabase(path: path)
    try old.write { try $0.execute(sql: "CREATE TABLE answer (x)") }
    old.abandon()
    for suffix in ["", "-wal", "-shm"] { _ = rename(path + suffix, path + ".damaged" + suffix) }
    // and a new, still empty file in its place, as a recovery makes before it creates the tables
    let new = try SQLiteDatabase(path: path)
    defer { new.close() }

    // When a read is asked of the old one
    // Then it does not open the new file (where it would find no table), but fails as damage, with its reason
    #expect {
      try old.unsafeRead { try $0.fetchValue(Int.self, sql: "SELECT count(*) FROM answer") }
    } throws: { error in
      let error = error as? SQLiteError
      return error?.extendedResultCode == SQLiteError.abandonedFile
        && error?.resultCode == SQLiteError.notADatabase && error?.message.contains("replaced by a new file") == true
    }
  }
}
