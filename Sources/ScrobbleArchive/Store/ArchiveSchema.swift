import ImageCacheSupport

/// The SQLite layout of a listener's scrobble archive: one file per listener, in WAL mode, under the data folder
/// (never the cache folder: an archive is the user's data and nothing that trims or clears the cache touches it).
///
/// `scrobble` is keyed by the second Last.fm stamps a play with (`date.uts`) and `seq`, the play's place among the
/// plays of that same second in the order Last.fm lists them (newest first): Last.fm does return two plays of one
/// second, and both are kept. The three indexes answer a range by time from the primary key, and an artist's, an
/// album's or a track's plays from their own index.
///
/// `chart_name`, `play_count` and `play_total` keep the plays of `scrobble` counted per artist, album and track
/// (see `PlayCounts`), so a chart of any range sums a few hundred counts instead of grouping every play in it.
/// Version 2 added them; opening a version 1 archive counts its plays once.
enum ArchiveSchema {
  static let version = 2
  /// The version that added `chart_name`, `play_count` and `play_total`.
  static let firstWithCounts = 2

  /// `scrobble`'s secondary indexes by name, each with the statement that creates it.
  static let scrobbleIndexes = [
    ("scrobble_by_artist", "CREATE INDEX IF NOT EXISTS scrobble_by_artist ON scrobble(artist, time)"),
    ("scrobble_by_album", "CREATE INDEX IF NOT EXISTS scrobble_by_album ON scrobble(artist, album, time)"),
    ("scrobble_by_track", "CREATE INDEX IF NOT EXISTS scrobble_by_track ON scrobble(artist, track, time)"),
  ]

  static let statements = [tables[0]] + scrobbleIndexes.map(\.1) + tables.dropFirst()

  /// A table of plays, one row a play, as `scrobble` keeps them and `sync_staging` stages them: the same columns
  /// and key, so a window moves from one to the other row for row.
  private static func playTable(_ name: String) -> String {
    """
    CREATE TABLE IF NOT EXISTS \(name) (
      time INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      artist TEXT NOT NULL,
      album TEXT NOT NULL,
      track TEXT NOT NULL,
      cover TEXT,
      loved INTEGER,
      PRIMARY KEY (time, seq)
    ) WITHOUT ROWID
    """
  }

  private static let tables = [
    playTable("scrobble"),
    // Track lengths where they are known (track.getInfo, album.getInfo, an import): listening time.
    """
    CREATE TABLE IF NOT EXISTS track_duration (
      artist TEXT NOT NULL, track TEXT NOT NULL, seconds INTEGER NOT NULL, PRIMARY KEY (artist, track)
    ) WITHOUT ROWID
    """,
    // What the charts count plays of: an artist (`title` empty), an album or a track of an artist, by a number.
    // `grouping` is `PlayGrouping.code`.
    """
    CREATE TABLE IF NOT EXISTS chart_name (
      id INTEGER PRIMARY KEY, grouping INTEGER NOT NULL, artist TEXT NOT NULL, title TEXT NOT NULL,
      UNIQUE (grouping, artist, title)
    )
    """,
    // The plays of each name in each bucket of time: the plays whose `time >> grain` is `bucket`, for the grains
    // `PlayCounts.grains`. Buckets without plays of a name have no row.
    """
    CREATE TABLE IF NOT EXISTS play_count (
      grouping INTEGER NOT NULL, grain INTEGER NOT NULL, bucket INTEGER NOT NULL, name INTEGER NOT NULL,
      plays INTEGER NOT NULL, PRIMARY KEY (grouping, grain, bucket, name)
    ) WITHOUT ROWID
    """,
    // The plays of each name in the whole archive; names without plays have no row.
    """
    CREATE TABLE IF NOT EXISTS play_total (
      grouping INTEGER NOT NULL, name INTEGER NOT NULL, plays INTEGER NOT NULL, PRIMARY KEY (grouping, name)
    ) WITHOUT ROWID
    """,
    // The listener's name, the schema version, what the last complete sync covered.
    "CREATE TABLE IF NOT EXISTS archive_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
    // A sync's pages land here, beside `scrobble`, until their window's count matches the server's; then they
    // replace that window of `scrobble` in one transaction. Readers never see a half-synced window.
    playTable("sync_staging"),
    // The sync under way, written in the same transaction as each page's rows, so a killed sync resumes at the
    // exact play it stopped before: the window `lo...hi` (seconds, both included), and the cursor: the oldest
    // second staged so far and how many of its plays are staged.
    """
    CREATE TABLE IF NOT EXISTS sync_state (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      lo INTEGER NOT NULL,
      hi INTEGER NOT NULL,
      cursor INTEGER NOT NULL,
      cursor_taken INTEGER NOT NULL,
      pages INTEGER NOT NULL
    )
    """,
  ]

  /// Creates what is missing and counts the plays of an archive written before the counts existed; marks the
  /// file with this version, in `archive_meta` and in the header (`PRAGMA user_version`). A file of a later
  /// version is left as it is.
  static func bringUpToDate(_ connection: SQLiteConnection) throws {
    for statement in statements { try connection.execute(sql: statement) }
    let stored = try connection.fetchValue(
      String.self, sql: "SELECT value FROM archive_meta WHERE key = 'schema_version'")
    let storedVersion = stored.flatMap { Int($0) }
    if let storedVersion, storedVersion > version { return }
    if storedVersion.map({ $0 < firstWithCounts }) ?? true { try PlayCounts.recountAll(connection) }
    try connection.execute(
      sql: "INSERT OR REPLACE INTO archive_meta (key, value) VALUES ('schema_version', ?)",
      arguments: [String(version)])
    try connection.execute(sql: "PRAGMA user_version = \(version)")
  }
}
