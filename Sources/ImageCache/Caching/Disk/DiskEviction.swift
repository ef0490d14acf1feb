internal import ImageCacheSupport

extension DiskStore {
  /// Deletes least-recently-accessed entries until the total is at most `target`. Walks the last-access index
  /// from the old end and stops as soon as enough is freed: cost is proportional to what is evicted, not to
  /// the size of the cache. Runs inside the caller's transaction.
  static func evict(downTo target: Int, sparing sparedID: Int64?, in db: SQLiteConnection) throws -> TrimReport {
    var remaining = try totalBytes(in: db)
    var victims: [Int64] = []
    var removedBytes = 0
    try db.cachedStatement(sql: DiskQueries.evictionCandidates).forEachRow { row in
      guard remaining > target else { return false }
      let id: Int64 = row[0]
      if id == sparedID { return true }
      let charge: Int = row[1]
      victims.append(id)
      removedBytes += charge
      remaining -= charge
      return true
    }
    // Deleted after the walk is done: changing a table under a running SELECT on it is undefined.
    let delete = try db.cachedStatement(sql: "DELETE FROM entry WHERE id = ?")
    for id in victims {
      try delete.execute([id])
    }
    return TrimReport(removedEntries: victims.count, removedBytes: removedBytes, remainingBytes: remaining)
  }
}
