import Foundation
internal import ImageCacheSupport

/// What `verify` found: rows whose file is missing, of the wrong size or rejected by the decoder check, and files
/// no row names.
struct DiskAudit {
  struct Broken {
    var id: Int64
    var key: String
    var file: String
  }

  var checked = 0
  var broken: [Broken] = []
  /// Names as listed in `blobs/`, temporary files included.
  var orphanFiles: [String] = []

  var isClean: Bool { broken.isEmpty && orphanFiles.isEmpty }

  /// Reads every file once, one at a time, so memory stays at one blob. Files newer than `orphansOlderThan` are
  /// not called orphans: another process may be about to commit their rows.
  static func run(
    pool: SQLiteDatabase, blobs: BlobFolder, orphansOlderThan cutoff: Date, isValid: ([UInt8]) -> Bool
  ) throws -> DiskAudit {
    var audit = DiskAudit()
    try pool.read { db in
      try db.statement(sql: "SELECT id, key, file, byte_size FROM entry ORDER BY id").forEachRow { row in
        audit.checked += 1
        let item = Broken(id: row[0], key: row[1], file: row[2])
        if let data = blobs.read(item.file, expectedSize: row[3]), isValid(data) { return true }
        audit.broken.append(item)
        return true
      }
    }
    audit.orphanFiles = try orphanFiles(pool: pool, blobs: blobs, olderThan: cutoff)
    return audit
  }

  /// Files in `blobs/` (temporary ones included) that no row names and no doomed name covers, last modified
  /// before `cutoff`.
  static func orphanFiles(pool: SQLiteDatabase, blobs: BlobFolder, olderThan cutoff: Date) throws -> [String] {
    // Listed first: a file written after the listing cannot be mistaken for an orphan by the query below.
    let listing = blobs.listing()
    let named = try pool.read { db in
      Set(try db.fetchColumn(String.self, sql: "SELECT file FROM entry UNION ALL SELECT name FROM doomed_file"))
    }
    return listing.filter { !named.contains($0.name) && $0.modified < cutoff }.map(\.name)
  }

  /// Deletes the broken rows (only the versions that were checked: another process may have replaced them since).
  /// The delete trigger dooms their files.
  func removeBrokenRows(in db: SQLiteConnection) throws {
    let delete = try db.cachedStatement(sql: "DELETE FROM entry WHERE id = ? AND file = ?")
    for item in broken { try delete.execute([item.id, item.file]) }
  }
}
