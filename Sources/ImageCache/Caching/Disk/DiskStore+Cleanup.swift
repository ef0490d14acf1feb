import FoundationEssentials
internal import ImageCacheSupport

/// The files the index no longer names: those of deleted or replaced rows (doomed, unlinked once the deletion
/// commits), those a crashed writer left unnamed (orphans), and the index's freed pages.
extension DiskStore {
  /// Files whose rows are gone, as of this transaction. Cheap when there are none (an empty index walk).
  static func doomedFiles(in db: SQLiteConnection) throws -> [String] {
    try db.cachedStatement(sql: "SELECT name FROM doomed_file").fetchAll { row -> String in row[0] }
  }

  /// After the transaction that doomed them committed: unlink the files, then forget them. A crash in between
  /// leaves names whose files are already gone, which the next call clears; unlinking twice is harmless, and
  /// names are never reused, so a live file is never hit.
  func unlinkDoomed(_ names: [String]) {
    guard !names.isEmpty else { return }
    for name in names { blobs.remove(name) }
    _ = try? pool.writeWithoutTransaction { db in
      try db.transaction(.immediate) {
        let forget = try db.cachedStatement(sql: "DELETE FROM doomed_file WHERE name = ?")
        for name in names { try forget.execute([name]) }
      }
    }
  }

  /// Unlinks files no row names (left by a crash between writing a file and committing its row), and stale
  /// temporary files. `olderThan` nil takes every such file, however new.
  func collectOrphans(olderThan age: TimeInterval?) {
    // File times are real time, not `clock`.
    let cutoff = age.map { Date().addingTimeInterval(-$0) } ?? .distantFuture
    guard let orphans = try? DiskAudit.orphanFiles(pool: pool, blobs: blobs, olderThan: cutoff) else { return }
    for name in orphans { blobs.remove(listed: name) }
  }

  /// Hands freed pages back to the file system so the file shrinks after evictions. Outside the eviction's
  /// transaction: if it fails (say, another process holds the lock too long) the pages stay on the free list
  /// and are reused by later writes, so the error is not worth reporting.
  func reclaimFreePages() {
    _ = try? pool.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA incremental_vacuum")
      // Move the WAL's pages into the main file now, so its size reflects the vacuum.
      try? db.checkpointPassively()
    }
  }
}
