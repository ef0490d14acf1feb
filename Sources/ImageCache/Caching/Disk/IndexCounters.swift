internal import ImageCacheSupport

/// What one write transaction's inserts and replacements add to the `entries` and `bytes` counters, written once
/// before it commits: in the same transaction as the rows, so no process ever sees rows without their counts.
/// Deletes are counted by the `entry_deleted` trigger instead (DiskSchema).
struct IndexCounters {
  private(set) var entries = 0
  private(set) var bytes = 0
  /// False while a version 3 binary's triggers count instead (`DiskSchema.writerCounts`).
  private let writerCounts: Bool

  /// Starts counting a write transaction on `db`, before its first insert.
  init(in db: SQLiteConnection) throws {
    writerCounts = try DiskSchema.writerCounts(db)
  }

  mutating func inserted(chargedBytes: Int) {
    entries += 1
    bytes += chargedBytes
  }

  mutating func replaced(chargedBytes old: Int, with new: Int) {
    bytes += new - old
  }

  /// Adds the differences to the counters; nothing when there are none.
  func write(in db: SQLiteConnection) throws {
    guard writerCounts else { return }
    let add = try db.cachedStatement(sql: "UPDATE counter SET value = value + ? WHERE name = ?")
    if entries != 0 { try add.execute([entries, "entries"]) }
    if bytes != 0 { try add.execute([bytes, "bytes"]) }
  }
}
