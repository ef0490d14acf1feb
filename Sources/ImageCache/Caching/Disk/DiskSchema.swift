internal import ImageCacheSupport

/// The SQLite layout of the disk tier (documented in cache/README.md).
///
/// `entry` is the index: one small row per image, naming the file in `blobs/` that holds its bytes. `doomed_file`
/// lists files whose rows are gone but which may still be on disk: a file can only be unlinked after the
/// transaction that dropped its row commits, and a crash in between must not leak it. `counter` keeps running
/// totals (maintained by triggers, so every write path and every process agrees) and the persisted hit and miss
/// counts: opening or asking for statistics never sums the table.
enum DiskSchema {
  static let version = 3

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
    """
    CREATE TRIGGER IF NOT EXISTS entry_inserted AFTER INSERT ON entry BEGIN
      UPDATE counter SET value = value + NEW.charged_bytes WHERE name = 'bytes';
      UPDATE counter SET value = value + 1 WHERE name = 'entries';
    END
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
    """
    CREATE TRIGGER IF NOT EXISTS entry_resized AFTER UPDATE OF charged_bytes ON entry BEGIN
      UPDATE counter SET value = value + NEW.charged_bytes - OLD.charged_bytes WHERE name = 'bytes';
    END
    """,
    "PRAGMA user_version = \(version)",
  ]

  /// Version 2 lacked the two stale windows: a column each, NULL (no window given) for the entries it had.
  static let upgradeVersion2 = [
    "ALTER TABLE entry ADD COLUMN stale_if_error_until REAL",
    "ALTER TABLE entry ADD COLUMN stale_while_revalidate_until REAL",
  ]

  /// Version 1 kept the bytes in a `blob` table inside the database. A cache may start over: its tables are
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

  /// Creates the tables if missing. Cheap on an existing cache: a few catalog lookups, no table scan.
  static func install(in writer: SQLiteDatabase) throws {
    // Already installed: no write at all, so a cache on a full (or read-only) disk still opens for reading.
    // (Even a no-op `PRAGMA user_version = 2` dirties the header page and fails with SQLITE_FULL.)
    if try writer.unsafeRead({ db in try db.fetchValue(Int.self, sql: "PRAGMA user_version") }) == version { return }
    // IMMEDIATE: two processes creating (or upgrading) the same cache serialize here instead of failing.
    var upgraded = false
    try writer.writeWithoutTransaction { db in
      try db.transaction(.immediate) {
        let found = try db.fetchValue(Int.self, sql: "PRAGMA user_version") ?? 0
        guard found != version else { return }
        if found == 2 {
          for statement in upgradeVersion2 { try db.execute(sql: statement) }
        }
        if found == 1 {
          for statement in dropVersion1 { try db.execute(sql: statement) }
          upgraded = true
        }
        for statement in statements { try db.execute(sql: statement) }
      }
      if upgraded { try db.execute(sql: "PRAGMA incremental_vacuum") }
    }
  }
}
