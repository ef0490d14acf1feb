import GRDB

extension DiskStore {
  /// Deletes least-recently-accessed entries until the total is at most `target`. Walks the last-access index
  /// from the old end and stops as soon as enough is freed: cost is proportional to what is evicted, not to
  /// the size of the cache. Runs inside the caller's transaction.
  static func evict(downTo target: Int, sparing sparedID: Int64?, in db: Database) throws -> TrimReport {
    var remaining = try totalBytes(in: db)
    var victims: [Int64] = []
    var removedBytes = 0
    do {
      let candidates = try Row.fetchCursor(db, sql: DiskQueries.evictionCandidates)
      while remaining > target, let row = try candidates.next() {
        let id: Int64 = row["id"]
        if id == sparedID { continue }
        let charge: Int = row["charged_bytes"]
        victims.append(id)
        removedBytes += charge
        remaining -= charge
      }
    }
    // Deleted after the cursor is done: changing a table under a running SELECT on it is undefined.
    let delete = try db.cachedStatement(sql: "DELETE FROM entry WHERE id = ?")
    for id in victims {
      try delete.execute(arguments: [id])
    }
    return TrimReport(removedEntries: victims.count, removedBytes: removedBytes, remainingBytes: remaining)
  }
}
