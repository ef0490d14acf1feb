import Foundation
import ImageCacheSupport
import Testing

/// What the index's insert of a new row relies on: a connection tells whether its last INSERT added a row, and which,
/// without RETURNING, and a trigger's own inserts do not blur either answer.
@Suite struct SQLiteChangesTests {
  let folder = TemporaryFolder()

  @Test func anInsertThatAConflictTurnsIntoNothingReportsNoChangeAndKeepsTheLastRowID() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    let database = try SQLiteDatabase(path: folder.appending("index.sqlite").path)
    defer { database.close() }
    // Given a table with a unique key and a trigger that inserts into another table on every insert
    try database.write { db in
      try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE)")
      try db.execute(sql: "CREATE TABLE log (id INTEGER PRIMARY KEY, note TEXT)")
      try db.execute(sql: "INSERT INTO log (id, note) VALUES (100, 'seed')")
      try db.execute(
        sql: "CREATE TRIGGER item_added AFTER INSERT ON item BEGIN INSERT INTO log (note) VALUES (NEW.key); END")
    }
    let insert = "INSERT INTO item (key) VALUES (?) ON CONFLICT (key) DO NOTHING"

    let (first, second, again) = try database.write { db in
      // When a new key is inserted
      try db.cachedStatement(sql: insert).execute(["a"])
      let first = (db.changes, db.lastInsertRowID)
      try db.cachedStatement(sql: insert).execute(["b"])
      let second = (db.changes, db.lastInsertRowID)
      // and then a key already present
      try db.cachedStatement(sql: insert).execute(["a"])
      return (first, second, (db.changes, db.lastInsertRowID))
    }

    // Then each new key reports one change and its own row id, not the trigger's row in `log` (101, 102)
    #expect(first == (1, 1))
    #expect(second == (1, 2))
    // and the key already present reports no change, the row id left at the last one added
    #expect(again == (0, 2))
  }
}
