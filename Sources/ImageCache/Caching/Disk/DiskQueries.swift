/// The queries that must stay cheap on a large cache, in one place so a test can check their plans
/// (`EXPLAIN QUERY PLAN`): each is an index search or an ordered index walk, never a table scan or a sort.
enum DiskQueries {
  /// The columns of an entry, in the order `StoredEntry.entry(from:)` reads them: every query that returns entries
  /// selects them first.
  static let entryColumns =
    """
    key, byte_size, content_type, width, height, etag, last_modified, expires_at, created_at, last_access_at, \
    stale_if_error_until, stale_while_revalidate_until
    """

  /// One entry by key (unique index), then its row id and the file that holds its bytes.
  static let lookup = "SELECT \(entryColumns), id, file FROM entry WHERE key = ?"

  /// What a prefetch needs to know of a key without reading its file (unique index, then the row): the entry,
  /// whether fresh and what a revalidation of a stale one sends, then its file.
  static let probe = "SELECT \(entryColumns), file FROM entry WHERE key = ?"

  /// Eviction order: oldest access first; the rowid (`id`) breaks ties and is the index's implicit last column.
  static let evictionCandidates = "SELECT id, charged_bytes FROM entry ORDER BY last_access_at, id"

  static let mostRecentFirst = "SELECT \(entryColumns) FROM entry ORDER BY last_access_at DESC, id DESC LIMIT ?"

  /// Two subqueries: SQLite answers a lone min() or max() from the index end, but not both in one SELECT.
  static let accessRange = """
    SELECT (SELECT min(last_access_at) FROM entry), (SELECT max(last_access_at) FROM entry)
    """
}
