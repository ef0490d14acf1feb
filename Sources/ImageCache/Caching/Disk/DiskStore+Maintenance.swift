import FoundationEssentials
internal import ImageCacheSupport

/// Maintenance (`DiskCacheMaintenance`): trimming, statistics, listing and verifying, and what an entry is charged.
extension DiskStore {
  @discardableResult
  public func trim(toBytes maxBytes: Int? = nil) throws(DiskCacheError) -> TrimReport {
    try ensureOpen()
    let target = max(0, maxBytes ?? lowWaterBytes)
    let report = try writeTransaction { db in try Self.evict(downTo: target, sparing: nil, in: db) }
    collectOrphans(olderThan: Self.orphanGracePeriod)
    if report.removedEntries > 0 { reclaimFreePages() }
    return report
  }

  /// Entry count, bytes, limit, hit and miss counts and the access-time range, after writing batched
  /// lookups.
  public func statistics() throws(DiskCacheError) -> DiskCacheStatistics {
    try ensureOpen()
    try flush()
    return try perform {
      try pool.read { db in
        let counters = try Self.counters(in: db)
        let range = try db.statement(sql: DiskQueries.accessRange).fetchOne { row -> (Double?, Double?) in
          (row[0], row[1])
        }
        let oldest = range?.0
        let newest = range?.1
        return DiskCacheStatistics(
          entryCount: counters["entries", default: 0], totalBytes: counters["bytes", default: 0], maxBytes: maxBytes,
          hits: counters["hits", default: 0], misses: counters["misses", default: 0],
          oldestAccess: oldest.map(Date.init(timeIntervalSince1970:)),
          newestAccess: newest.map(Date.init(timeIntervalSince1970:)))
      }
    }
  }

  public func entries(limit: Int? = nil) throws(DiskCacheError) -> [DiskEntry] {
    try ensureOpen()
    try flush()
    return try perform { try pool.read { db in try StoredEntry.mostRecentFirst(limit: limit, in: db) } }
  }

  public func verify(fix: Bool, isValid: ([UInt8]) -> Bool) throws(DiskCacheError) -> VerifyReport {
    try ensureOpen()
    var audit = try perform {
      try DiskAudit.run(
        pool: pool, blobs: blobs, orphansOlderThan: Date().addingTimeInterval(-Self.orphanGracePeriod),
        isValid: isValid)
    }
    if !audit.broken.isEmpty {
      let found = audit
      audit.broken = try writeTransaction { db in
        let broken = try found.stillBroken(in: db, blobs: blobs, isValid: isValid)
        if fix { try DiskAudit.removeRows(broken, in: db) }
        return broken
      }
    }
    if fix && !audit.isClean {
      for name in audit.orphanFiles { blobs.remove(listed: name) }
      for entry in audit.strayShards { blobs.removeStrayShard(entry) }
      reclaimFreePages()
    }
    return VerifyReport(
      checked: audit.checked, brokenKeys: audit.broken.map(\.key), orphans: audit.orphanFiles.count,
      strayShardFolders: audit.strayShards.map { "blobs/" + $0 }, fixed: fix && !audit.isClean)
  }

  /// What an entry counts against `maxBytes`: its file rounded up to whole blocks, its key (stored twice: row
  /// and unique index) and a fixed estimate for the rest of the row.
  public static func chargedBytes(key: String, byteSize: Int) -> Int {
    let blocks = (byteSize + fileBlockBytes - 1) / fileBlockBytes
    return blocks * fileBlockBytes + 2 * key.utf8.count + entryOverheadBytes
  }

  static func counters(in db: SQLiteConnection) throws -> [String: Int] {
    var values: [String: Int] = [:]
    try db.statement(sql: "SELECT name, value FROM counter").forEachRow { row in
      values[row[0]] = row[1] as Int
      return true
    }
    return values
  }

  static func totalBytes(in db: SQLiteConnection) throws -> Int {
    try db.cachedStatement(sql: "SELECT value FROM counter WHERE name = 'bytes'").fetchValue(as: Int.self) ?? 0
  }
}
