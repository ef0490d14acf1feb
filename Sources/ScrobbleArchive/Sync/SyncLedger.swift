import ImageCacheSupport

/// The sync under way, as `sync_state` keeps it: the window `lo...hi` being staged, and the cursor (the oldest
/// second staged so far and how many of its plays are staged). Nil when no sync is under way.
struct SyncWindow: Equatable {
  var lo: Int
  var hi: Int
  var cursor: Int
  var cursorTaken: Int
  var pages: Int

  /// A window nothing of which is staged yet.
  init(lo: Int, hi: Int) {
    self.init(lo: lo, hi: hi, cursor: hi, cursorTaken: 0, pages: 0)
  }

  init(lo: Int, hi: Int, cursor: Int, cursorTaken: Int, pages: Int) {
    self.lo = lo
    self.hi = hi
    self.cursor = cursor
    self.cursorTaken = cursorTaken
    self.pages = pages
  }

  /// The page of `lo...cursor` that holds the first play not staged yet: the first, unless the cursor's second
  /// alone fills whole pages.
  func pageNumber(limit: Int) -> Int { cursorTaken / limit + 1 }

  /// The plays of `page` (newest first) not staged yet, each with its place among its second's plays, and the
  /// cursor after them. Plays outside `lo...cursor` are dropped; at the cursor's own second the first
  /// `cursorTaken` are the ones already staged (a second's plays come in the same order every time).
  ///
  /// A second can hold more plays than a page: the page to ask for is then past those already staged
  /// (`pageNumber`), and `newPlays` is told which page it was given.
  func newPlays(in page: [ArchivedPlay], pageNumber: Int = 1, limit: Int = ArchiveSync.pageLimit)
    -> (plays: [(play: ArchivedPlay, seq: Int)], next: SyncWindow)
  {
    var next = self
    var taken: [(ArchivedPlay, Int)] = []
    var skipped = (pageNumber - 1) * limit
    var second = cursor
    var seq = cursorTaken
    for play in page where play.time >= lo && play.time <= cursor {
      if play.time == cursor && skipped < cursorTaken {
        skipped += 1
        continue
      }
      if play.time != second {
        second = play.time
        seq = 0
      }
      taken.append((play, seq))
      seq += 1
    }
    if !taken.isEmpty {
      next.cursor = second
      next.cursorTaken = seq
    }
    return (taken, next)
  }
}

/// The SQL of a sync: staging pages, moving the verified window into `scrobble`, counting and replacing windows.
enum SyncLedger {
  enum Table: String {
    case scrobble
    case staging = "sync_staging"
  }

  static func window(_ db: SQLiteConnection) throws -> SyncWindow? {
    try db.statement(sql: "SELECT lo, hi, cursor, cursor_taken, pages FROM sync_state WHERE id = 1").fetchOne {
      SyncWindow(lo: $0[0], hi: $0[1], cursor: $0[2], cursorTaken: $0[3], pages: $0[4])
    }
  }

  static func save(_ window: SyncWindow, _ db: SQLiteConnection) throws {
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO sync_state (id, lo, hi, cursor, cursor_taken, pages) VALUES (1, ?, ?, ?, ?, ?)
        """, arguments: [window.lo, window.hi, window.cursor, window.cursorTaken, window.pages])
  }

  /// A new sync: nothing staged, the cursor at the window's top.
  static func start(_ window: SyncWindow, _ db: SQLiteConnection) throws {
    try db.execute(sql: "DELETE FROM sync_staging")
    try save(window, db)
  }

  /// Writes `plays` into `table`. Into `scrobble`, the caller recounts the seconds written (`PlayCounts.recount`)
  /// before its transaction ends.
  static func insert(_ plays: [(play: ArchivedPlay, seq: Int)], into table: Table, _ db: SQLiteConnection) throws {
    let insert = try db.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO \(table.rawValue) (time, seq, artist, album, track, cover, loved)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """)
    for (play, seq) in plays {
      try insert.execute([
        play.time, seq, play.artist, play.album, play.track, play.cover, play.loved.map { $0 ? 1 : 0 },
      ])
    }
  }

  static func count(_ table: Table, _ window: ClosedRange<Int>, _ db: SQLiteConnection) throws -> Int {
    try db.cachedStatement(sql: "SELECT count(*) FROM \(table.rawValue) WHERE time BETWEEN ? AND ?")
      .fetchValue([window.lowerBound, window.upperBound], as: Int.self) ?? 0
  }

  /// Replaces `window` of `table` by `plays`.
  static func replace(
    _ window: ClosedRange<Int>, of table: Table, with plays: [(play: ArchivedPlay, seq: Int)], _ db: SQLiteConnection
  ) throws {
    try db.execute(
      sql: "DELETE FROM \(table.rawValue) WHERE time BETWEEN ? AND ?",
      arguments: [window.lowerBound, window.upperBound])
    try insert(plays, into: table, db)
    if table == .scrobble { try PlayCounts.recount(Int64(window.lowerBound)...Int64(window.upperBound), db) }
  }

  /// The staged window replaces the same seconds of `scrobble`; the sync is over.
  static func commitStaged(_ window: SyncWindow, _ db: SQLiteConnection) throws {
    try db.execute(sql: "DELETE FROM scrobble WHERE time BETWEEN ? AND ?", arguments: [window.lo, window.hi])
    // More rows coming than there are: the secondary indexes are dropped and built again after the insert, from
    // sorted rows, instead of taking each row at a random place (most of a first sync's commit). Both halves are
    // in this transaction, so a killed commit leaves the indexes as they were.
    let staged = try db.fetchValue(Int.self, sql: "SELECT count(*) FROM sync_staging") ?? 0
    let kept = try db.fetchValue(Int.self, sql: "SELECT count(*) FROM scrobble") ?? 0
    let rebuild = staged > kept
    if rebuild {
      for (name, _) in ArchiveSchema.scrobbleIndexes { try db.execute(sql: "DROP INDEX IF EXISTS \(name)") }
    }
    try db.execute(sql: "INSERT INTO scrobble SELECT * FROM sync_staging")
    if rebuild {
      for (_, create) in ArchiveSchema.scrobbleIndexes { try db.execute(sql: create) }
    }
    try PlayCounts.recount(Int64(window.lo)...Int64(window.hi), db)
    try db.execute(sql: "DELETE FROM sync_staging")
    try db.execute(sql: "DELETE FROM sync_state")
    try setMeta("synced_to", String(window.hi), db)
  }

  static func newestTime(_ db: SQLiteConnection) throws -> Int? {
    try db.fetchValue(Int.self, sql: "SELECT max(time) FROM scrobble")
  }

  static func meta(_ key: String, _ db: SQLiteConnection) throws -> String? {
    try db.cachedStatement(sql: "SELECT value FROM archive_meta WHERE key = ?").fetchValue([key], as: String.self)
  }

  static func setMeta(_ key: String, _ value: String, _ db: SQLiteConnection) throws {
    try db.execute(sql: "INSERT OR REPLACE INTO archive_meta (key, value) VALUES (?, ?)", arguments: [key, value])
  }
}
