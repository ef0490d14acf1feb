import FoundationEssentials
internal import ImageCacheSupport

/// Row mapping for the `entry` table (plain SQL, so the queries the README documents are the ones that run).
struct StoredEntry {
  var id: Int64
  var entry: DiskEntry
  /// The name of the file in `blobs/` holding the bytes.
  var file: String

  static func fetch(_ key: String, in db: SQLiteConnection) throws -> StoredEntry? {
    try db.cachedStatement(sql: DiskQueries.lookup).fetchOne([key]) { row in
      StoredEntry(id: row[entryColumnCount], entry: entry(from: row), file: row[entryColumnCount + 1])
    }
  }

  static func mostRecentFirst(limit: Int?, in db: SQLiteConnection) throws -> [DiskEntry] {
    try db.statement(sql: DiskQueries.mostRecentFirst).fetchAll([limit ?? -1], entry(from:))
  }

  /// Inserts or replaces the row for `key` (a replaced row's old file is doomed by a trigger), adding the change
  /// to `counters`. Tries the insert first, the usual case when warming: a new key then costs one statement, as an
  /// upsert did, where reading every old row first cost two. Only a key already present pays for reading its old
  /// charge and updating the row. Whether the insert added the row is asked of the connection afterwards, not with
  /// RETURNING: SQLite buffers RETURNING's rows in a temporary table of their own, opened and closed per row.
  static func upsert(
    key: String, file: String, byteSize: Int, chargedBytes: Int, metadata: DiskEntryMetadata, at now: Date,
    counting counters: inout IndexCounters, in db: SQLiteConnection
  ) throws -> Int64 {
    let time = now.timeIntervalSince1970
    // The key, then the columns `replace` sets in the same order.
    var arguments: [any SQLiteValue] = [
      key, file, metadata.contentType, byteSize, chargedBytes, metadata.width, metadata.height, metadata.etag,
      metadata.lastModified, metadata.expiresAt?.timeIntervalSince1970, time, time,
      metadata.staleIfErrorUntil?.timeIntervalSince1970, metadata.staleWhileRevalidateUntil?.timeIntervalSince1970,
    ]
    // Cached statements: preparing these cost more than running them.
    try db.cachedStatement(sql: insert).execute(arguments)
    if db.changes == 1 {
      counters.inserted(chargedBytes: chargedBytes)
      return db.lastInsertRowID
    }
    let present = try db.cachedStatement(sql: "SELECT id, charged_bytes FROM entry WHERE key = ?").fetchOne([key]) {
      row -> (id: Int64, chargedBytes: Int) in (row[0], row[1])
    }
    guard let present else { throw DiskCacheError.io("upsert of \(key) found neither a new nor an old row") }
    arguments.removeFirst()
    arguments.append(present.id)
    try db.cachedStatement(sql: replace).execute(arguments)
    counters.replaced(chargedBytes: present.chargedBytes, with: chargedBytes)
    return present.id
  }

  private static let insert = """
    INSERT INTO entry (key, file, content_type, byte_size, charged_bytes, width, height, etag, last_modified,
                       expires_at, created_at, last_access_at, stale_if_error_until, stale_while_revalidate_until)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (key) DO NOTHING
    """

  /// The columns in `insert`'s order after the key, then the row id.
  private static let replace = """
    UPDATE entry SET
      file = ?, content_type = ?, byte_size = ?, charged_bytes = ?, width = ?, height = ?, etag = ?,
      last_modified = ?, expires_at = ?, created_at = ?, last_access_at = ?, stale_if_error_until = ?,
      stale_while_revalidate_until = ?
    WHERE id = ?
    """

  /// After a 304: validators and expiry are replaced; content type and size are kept when the caller does not
  /// know them (a 304 rarely repeats them), since the bytes did not change.
  static func updateMetadata(key: String, metadata: DiskEntryMetadata, at now: Date, in db: SQLiteConnection) throws {
    // Cached, as the upsert: preparing it is half the cost of a refresh.
    try db.cachedStatement(
      sql: """
        UPDATE entry SET
          content_type = coalesce(?, content_type), width = coalesce(?, width), height = coalesce(?, height),
          etag = ?, last_modified = ?, expires_at = ?, last_access_at = max(last_access_at, ?),
          stale_if_error_until = ?, stale_while_revalidate_until = ?
        WHERE key = ?
        """
    ).execute(
      [
        metadata.contentType, metadata.width, metadata.height, metadata.etag, metadata.lastModified,
        metadata.expiresAt?.timeIntervalSince1970, now.timeIntervalSince1970,
        metadata.staleIfErrorUntil?.timeIntervalSince1970, metadata.staleWhileRevalidateUntil?.timeIntervalSince1970,
        key,
      ])
  }

  /// How many columns `entry(from:)` reads; a query's own columns come after them.
  static let entryColumnCount = 12

  /// The entry in a row that selects `DiskQueries.entryColumns` first. By position: looking every column up by name
  /// is a good part of probing hundreds of stale keys.
  static func entry(from row: SQLiteRow) -> DiskEntry {
    let expiresAt: Double? = row[7]
    let staleIfErrorUntil: Double? = row[10]
    let staleWhileRevalidateUntil: Double? = row[11]
    return DiskEntry(
      key: row[0], byteSize: row[1],
      metadata: DiskEntryMetadata(
        contentType: row[2], width: row[3], height: row[4], etag: row[5], lastModified: row[6],
        expiresAt: expiresAt.map(Date.init(timeIntervalSince1970:)),
        staleIfErrorUntil: staleIfErrorUntil.map(Date.init(timeIntervalSince1970:)),
        staleWhileRevalidateUntil: staleWhileRevalidateUntil.map(Date.init(timeIntervalSince1970:))),
      createdAt: Date(timeIntervalSince1970: row[8]),
      lastAccessAt: Date(timeIntervalSince1970: row[9]))
  }
}
