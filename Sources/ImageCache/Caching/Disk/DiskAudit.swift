import FoundationEssentials
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
  /// Entries of `blobs/` that stand where a shard folder should and are not folders (`BlobFolder.strayShards`).
  var strayShards: [String] = []

  var isClean: Bool { broken.isEmpty && orphanFiles.isEmpty && strayShards.isEmpty }

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
    audit.strayShards = blobs.strayShards()
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
    // A file listed, then doomed and unlinked by another process before the query, is named by nothing and gone.
    return listing.filter { !named.contains($0.name) && $0.modified < cutoff && blobs.exists(listed: $0.name) }
      .map(\.name)
  }

  /// Of the entries found broken, those still broken now, checked again inside a write transaction (`db`), which
  /// holds the index's lock. The first pass reads a snapshot without it: meanwhile another process may have
  /// replaced an entry (a new file, then the row) and unlinked the file the snapshot named, or removed it; under
  /// the lock a row's file is complete, as a writer commits a row only after its file. A row gone or naming
  /// another file is not broken.
  func stillBroken(in db: SQLiteConnection, blobs: BlobFolder, isValid: ([UInt8]) -> Bool) throws -> [Broken] {
    let current = try db.cachedStatement(sql: "SELECT file, byte_size FROM entry WHERE id = ?")
    return try broken.filter { item in
      let found = try current.fetchOne([item.id]) { row -> (file: String, byteSize: Int) in (row[0], row[1]) }
      guard let found, found.file == item.file else { return false }
      guard let data = blobs.read(item.file, expectedSize: found.byteSize) else { return true }
      return !isValid(data)
    }
  }

  /// Deletes the broken rows (only the versions that were checked: another process may have replaced them since).
  /// The delete trigger dooms their files.
  static func removeRows(_ broken: [Broken], in db: SQLiteConnection) throws {
    let delete = try db.cachedStatement(sql: "DELETE FROM entry WHERE id = ? AND file = ?")
    for item in broken { try delete.execute([item.id, item.file]) }
  }
}
