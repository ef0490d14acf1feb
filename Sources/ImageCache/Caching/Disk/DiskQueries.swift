/// The queries that must stay cheap on a large cache, in one place so a test can check their plans
/// (`EXPLAIN QUERY PLAN`): each is an index search or an ordered index walk, never a table scan or a sort.
enum DiskQueries {
  /// One entry by key (unique index); its bytes are in the file the row names.
  static let lookup = "SELECT * FROM entry WHERE key = ?"

  /// What a prefetch needs to know of a key without reading its file (unique index, then the row): whether it is
  /// fresh, and for a stale one what a revalidation sends and a 304 keeps. Read by position (`StoredEntry.probed`).
  static let probe = """
    SELECT file, byte_size, expires_at, content_type, width, height, etag, last_modified, created_at
    FROM entry WHERE key = ?
    """

  /// Eviction order: oldest access first; the rowid (`id`) breaks ties and is the index's implicit last column.
  static let evictionCandidates = "SELECT id, charged_bytes FROM entry ORDER BY last_access_at, id"

  static let mostRecentFirst = "SELECT * FROM entry ORDER BY last_access_at DESC, id DESC LIMIT ?"

  /// Two subqueries: SQLite answers a lone min() or max() from the index end, but not both in one SELECT.
  static let accessRange = """
    SELECT (SELECT min(last_access_at) FROM entry), (SELECT max(last_access_at) FROM entry)
    """
}
