internal import ImageCacheSupport

extension DiskStore {
  /// SQLite's `PRAGMA quick_check` of the index: `["ok"]`, or what it found wrong (at most `limit` lines). It reads
  /// the index only, not the files beside it, so it takes a moment where `verify` reads every entry.
  public func quickCheck(limit: Int = 10) throws(DiskCacheError) -> [String] {
    try perform { try pool.read { db in try db.fetchColumn(String.self, sql: "PRAGMA quick_check(\(max(1, limit)))") } }
  }
}
