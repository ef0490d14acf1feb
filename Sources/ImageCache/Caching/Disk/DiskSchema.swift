internal import ImageCacheSupport

/// The SQLite layout of the disk tier (documented in cache/README.md).
///
/// `entry` is the index: one small row per image, naming the file in `blobs/` that holds its bytes. `doomed_file`
/// lists files whose rows are gone but which may still be on disk: a file can only be unlinked after the
/// transaction that dropped its row commits, and a crash in between must not leak it. `counter` keeps running
/// totals and the persisted hit and miss counts: opening or asking for statistics never sums the table. A delete
/// lowers the totals through a trigger, so every way a row goes (eviction, remove, clear, repair, another process)
/// agrees; the write that inserts or resizes rows adds its own difference once per transaction
/// (`IndexCounters`): two triggers doing it per row would cost a fifth of what a store costs in the index.
enum DiskSchema {
  static let version = 4

  static let statements = [
    """
    CREATE TABLE IF NOT EXISTS entry (
      id INTEGER PRIMARY KEY,
      key TEXT NOT NULL UNIQUE,
      file TEXT NOT NULL,
      content_type TEXT,
      byte_size INTEGER NOT NULL,
      charged_bytes INTEGER NOT NULL,
      width INTEGER,
      height INTEGER,
      etag TEXT,
      last_modified TEXT,
      expires_at REAL,
      created_at REAL NOT NULL,
      last_access_at REAL NOT NULL,
      stale_if_error_until REAL,
      stale_while_revalidate_until REAL
    )
    """,
    // Eviction and `entries` walk this index in order; rowid breaks ties.
    "CREATE INDEX IF NOT EXISTS entry_by_last_access ON entry(last_access_at)",
    "CREATE TABLE IF NOT EXISTS doomed_file (name TEXT PRIMARY KEY) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS counter (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID",
    """
    INSERT OR IGNORE INTO counter (name, value)
    VALUES ('bytes', 0), ('entries', 0), ('hits', 0), ('misses', 0)
    """,
    // Every way a row goes (eviction, remove, clear, repair, another process) dooms its file in the same
    // transaction; the file is unlinked once that commits.
    """
    CREATE TRIGGER IF NOT EXISTS entry_deleted AFTER DELETE ON entry BEGIN
      INSERT OR IGNORE INTO doomed_file (name) VALUES (OLD.file);
      UPDATE counter SET value = value - OLD.charged_bytes WHERE name = 'bytes';
      UPDATE counter SET value = value - 1 WHERE name = 'entries';
    END
    """,
    """
    CREATE TRIGGER IF NOT EXISTS entry_file_replaced AFTER UPDATE OF file ON entry
    WHEN OLD.file IS NOT NEW.file BEGIN
      INSERT OR IGNORE INTO doomed_file (name) VALUES (OLD.file);
    END
    """,
    // A version 3 index counts inserts and resizes with these; `IndexCounters` counts them, and both would count twice.
    "DROP TRIGGER IF EXISTS entry_inserted",
    "DROP TRIGGER IF EXISTS entry_resized",
    // Whatever a version 3 process wrote while this one had dropped its triggers is counted again from the rows.
    "UPDATE counter SET value = (SELECT count(*) FROM entry) WHERE name = 'entries'",
    "UPDATE counter SET value = (SELECT coalesce(sum(charged_bytes), 0) FROM entry) WHERE name = 'bytes'",
    "PRAGMA user_version = \(version)",
  ]

  /// A version 2 index lacks the two stale windows: a column each, NULL (no window given) for the entries it has.
  static let upgradeVersion2 = [
    "ALTER TABLE entry ADD COLUMN stale_if_error_until REAL",
    "ALTER TABLE entry ADD COLUMN stale_while_revalidate_until REAL",
  ]

  /// A version 1 index keeps the bytes in a `blob` table inside the database. A cache may start over: its tables are
  /// dropped (the persisted hit and miss counts are kept) and the freed pages handed back.
  static let dropVersion1 = [
    "DROP TRIGGER IF EXISTS entry_inserted",
    "DROP TRIGGER IF EXISTS entry_deleted",
    "DROP TRIGGER IF EXISTS entry_resized",
    "DROP TABLE IF EXISTS blob",
    "DROP TABLE IF EXISTS entry",
    "UPDATE counter SET value = 0 WHERE name IN ('bytes', 'entries')",
  ]

  /// Run on every new connection, before `SQLiteDatabase` switches the file to WAL. auto_vacuum can only be switched on
  /// while the file is still empty (the WAL switch already writes its header, hence here); INCREMENTAL lets us
  /// hand freed pages back to the file system after evictions without rewriting the whole file. On an existing
  /// file the pragma is a no-op.
  ///
  /// synchronous = NORMAL, which `SQLiteDatabase` sets on the writer with WAL: a commit then survives a
  /// process crash (SIGKILL) and the file stays consistent even on power loss; only the last commits before a power
  /// cut may be lost, which for a cache costs a refetch. FULL would fsync on every store (measured in
  /// cache/README.md).
  @Sendable static func prepare(_ db: SQLiteConnection) throws {
    guard !db.isReadOnly else { return }
    // Setting it, even to the value it has, writes the header: on a full disk that alone fails every open.
    // 2 = INCREMENTAL.
    guard try db.fetchValue(Int.self, sql: "PRAGMA auto_vacuum") != 2 else { return }
    try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
  }

  /// Creates the tables if missing, or upgrades them. Cheap on a current cache: one header read, no write. An upgrade
  /// sums the table once to set the counters.
  static func install(in writer: SQLiteDatabase) throws {
    // Already installed: no write at all, so a cache on a full (or read-only) disk still opens for reading.
    // (Even a no-op `PRAGMA user_version = 2` dirties the header page and fails with SQLITE_FULL.)
    if try writer.unsafeRead({ db in try db.fetchValue(Int.self, sql: "PRAGMA user_version") }) == version { return }
    // IMMEDIATE: two processes creating (or upgrading) the same cache serialize here instead of failing.
    try writer.writeWithoutTransaction { db in
      let emptied = try db.transaction(.immediate) { try upgrade(db) }
      if emptied { try db.execute(sql: "PRAGMA incremental_vacuum") }
    }
  }

  /// Brings the tables to this version inside the caller's write transaction. Returns whether a version 1 cache
  /// was emptied, whose freed pages are worth handing back.
  @discardableResult
  static func upgrade(_ db: SQLiteConnection) throws -> Bool {
    let found = try db.fetchValue(Int.self, sql: "PRAGMA user_version") ?? 0
    guard found != version else { return false }
    if found == 2 {
      for statement in upgradeVersion2 { try db.execute(sql: statement) }
    }
    if found == 1 {
      for statement in dropVersion1 { try db.execute(sql: statement) }
    }
    for statement in statements { try db.execute(sql: statement) }
    return found == 1
  }

  /// Whether the writer counts its inserts and resizes (`IndexCounters`): asked once per write transaction that
  /// makes any, before it does. A version 3 binary opening this cache puts its counting triggers back, sets
  /// user_version 3 and goes on writing with them. While they are there they count, for every process, so each row
  /// is counted once; dropping them again would leave that process's later rows uncounted. The next open of this
  /// version upgrades again. Reading the version is one header read; the catalog is searched only when it changed.
  static func writerCounts(_ db: SQLiteConnection) throws -> Bool {
    guard try db.cachedStatement(sql: "PRAGMA user_version").fetchValue(as: Int.self) != version else { return true }
    let triggers = try db.fetchValue(
      Int.self,
      sql: """
        SELECT count(*) FROM sqlite_master
        WHERE type = 'trigger' AND name IN ('entry_inserted', 'entry_resized')
        """)
    if triggers == 2 { return false }
    try upgrade(db)
    return true
  }
}
