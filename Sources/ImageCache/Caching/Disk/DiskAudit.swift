import GRDB

/// What `verify` found: rows whose blob is missing, of the wrong size or rejected by the decoder check, and blob
/// rows no entry points to.
struct DiskAudit {
  struct Broken {
    var id: Int64
    var key: String
  }

  var checked = 0
  var broken: [Broken] = []
  var orphanBlobIDs: [Int64] = []

  var isClean: Bool { broken.isEmpty && orphanBlobIDs.isEmpty }

  /// Reads every blob once, one at a time (a cursor, so memory stays at one blob).
  static func run(in db: Database, isValid: ([UInt8]) -> Bool) throws -> DiskAudit {
    var audit = DiskAudit()
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT entry.id, entry.key, entry.byte_size, blob.data
        FROM entry LEFT JOIN blob ON blob.entry_id = entry.id ORDER BY entry.id
        """)
    while let row = try rows.next() {
      audit.checked += 1
      let byteSize: Int = row["byte_size"]
      let data = try StoredEntry.bytes(named: "data", in: row)
      guard let data, data.count == byteSize, isValid(data) else {
        audit.broken.append(Broken(id: row["id"], key: row["key"]))
        continue
      }
    }
    audit.orphanBlobIDs = try Int64.fetchAll(
      db, sql: "SELECT entry_id FROM blob WHERE entry_id NOT IN (SELECT id FROM entry)")
    return audit
  }

  /// Removes what was found (the entry trigger deletes a broken row's blob too).
  func repair(in db: Database) throws {
    let deleteEntry = try db.cachedStatement(sql: "DELETE FROM entry WHERE id = ?")
    for item in broken { try deleteEntry.execute(arguments: [item.id]) }
    let deleteBlob = try db.cachedStatement(sql: "DELETE FROM blob WHERE entry_id = ?")
    for id in orphanBlobIDs { try deleteBlob.execute(arguments: [id]) }
  }
}
