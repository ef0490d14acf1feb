import ImageCacheSupport

/// The plays of `scrobble` counted per artist, per album and per track (`chart_name`), in buckets of time
/// (`play_count`) and in all (`play_total`), so that a chart of a range sums the buckets that lie wholly inside it
/// and reads plays one by one only at its two edges (`ChartTerms`).
///
/// A bucket is a fixed span of seconds: the plays whose `time >> grain` is the bucket's number, for a grain of 21
/// (about 24 days) and of 25 (about 388 days). Shifts, not calendar months, because they are the same arithmetic
/// in SQL and in Swift and know nothing of zones: a range in any zone, across a daylight-saving change or in a
/// half-hour zone, is cut into buckets by its own two unix seconds.
///
/// The counts are only right if they change with the rows they count, in the same transaction: whatever writes to
/// `scrobble` recounts the seconds it touched (`recount`) before it commits.
public enum PlayCounts {
  /// Coarsest first; each a multiple of the next, so a coarse bucket is the sum of its fine ones.
  static let grains = [coarseGrain, fineGrain]
  static let fineGrain = 21
  static let coarseGrain = 25

  /// Counts again the plays of the seconds `seconds` (both ends included): every bucket they touch, for every
  /// grouping, and the totals. Call it in the transaction that wrote those seconds of `scrobble`.
  public static func recount(_ seconds: ClosedRange<Int64>, _ db: SQLiteConnection) throws {
    for grouping in PlayGrouping.allCases { try recount(grouping, seconds, db) }
  }

  /// Counts the whole archive afresh: for an archive written before the counts existed.
  static func recountAll(_ db: SQLiteConnection) throws {
    for table in ["play_count", "play_total", "chart_name"] { try db.execute(sql: "DELETE FROM \(table)") }
    guard let span = try ArchiveStatistics.span(db) else { return }
    try recount(span, db)
  }

  private static func recount(_ grouping: PlayGrouping, _ seconds: ClosedRange<Int64>, _ db: SQLiteConnection) throws {
    let code = Int64(grouping.code)
    let (fine, coarse) = (Int64(fineGrain), Int64(coarseGrain))
    let fineBuckets = (seconds.lowerBound >> fine)...(seconds.upperBound >> fine)
    let coarseBuckets = (seconds.lowerBound >> coarse)...(seconds.upperBound >> coarse)
    // Every second of the fine buckets touched, and every fine bucket of the coarse ones; written as last
    // elements rather than ends past them, which could overflow.
    let fineSeconds = (fineBuckets.lowerBound << fine)...((fineBuckets.upperBound << fine) | ((1 << fine) - 1))
    let perCoarse = Int64(1) << (coarse - fine)
    let finesOfCoarse = (coarseBuckets.lowerBound * perCoarse)...(coarseBuckets.upperBound * perCoarse + perCoarse - 1)
    try db.cachedStatement(
      sql: """
        INSERT OR IGNORE INTO chart_name (grouping, artist, title)
        SELECT DISTINCT ?1, artist, \(grouping.titleColumn()) FROM scrobble WHERE time BETWEEN ?2 AND ?3
        """
    ).execute([code, seconds.lowerBound, seconds.upperBound])
    // The totals lose the coarse buckets about to be counted again, and get them back once they are.
    try addToTotals(grouping, coarseBuckets, sign: -1, db)
    try forget(fineBuckets, of: fine, code, db)
    try db.cachedStatement(
      sql: """
        INSERT INTO play_count (grouping, grain, bucket, name, plays)
        SELECT ?1, ?2, s.time >> ?2 AS bucket, n.id, count(*) FROM scrobble AS s
        JOIN chart_name AS n ON n.grouping = ?1 AND n.artist = s.artist AND n.title = \(grouping.titleColumn(of: "s"))
        WHERE s.time BETWEEN ?3 AND ?4 GROUP BY bucket, n.id
        """
    ).execute([code, fine, fineSeconds.lowerBound, fineSeconds.upperBound])
    try forget(coarseBuckets, of: coarse, code, db)
    try db.cachedStatement(
      sql: """
        INSERT INTO play_count (grouping, grain, bucket, name, plays)
        SELECT ?1, ?2, bucket >> (?2 - ?3) AS coarse, name, sum(plays) FROM play_count
        WHERE grouping = ?1 AND grain = ?3 AND bucket BETWEEN ?4 AND ?5 GROUP BY coarse, name
        """
    ).execute([code, coarse, fine, finesOfCoarse.lowerBound, finesOfCoarse.upperBound])
    try addToTotals(grouping, coarseBuckets, sign: 1, db)
    try db.cachedStatement(sql: "DELETE FROM play_total WHERE grouping = ?1 AND plays = 0").execute([code])
    try db.cachedStatement(
      sql: "DELETE FROM chart_name WHERE grouping = ?1 AND id NOT IN (SELECT name FROM play_total WHERE grouping = ?1)"
    ).execute([code])
  }

  /// Removes the counts of `buckets` of `grain`, about to be counted again.
  private static func forget(_ buckets: ClosedRange<Int64>, of grain: Int64, _ code: Int64, _ db: SQLiteConnection)
    throws
  {
    try db.cachedStatement(
      sql: "DELETE FROM play_count WHERE grouping = ?1 AND grain = ?2 AND bucket BETWEEN ?3 AND ?4"
    )
    .execute([code, grain, buckets.lowerBound, buckets.upperBound])
  }

  private static func addToTotals(
    _ grouping: PlayGrouping, _ coarseBuckets: ClosedRange<Int64>, sign: Int64, _ db: SQLiteConnection
  ) throws {
    try db.cachedStatement(
      sql: """
        INSERT INTO play_total (grouping, name, plays)
        SELECT ?1, name, ?2 * sum(plays) FROM play_count WHERE grouping = ?1 AND grain = ?3 AND bucket BETWEEN ?4 AND ?5
        GROUP BY name ON CONFLICT (grouping, name) DO UPDATE SET plays = plays + excluded.plays
        """
    ).execute([Int64(grouping.code), sign, Int64(coarseGrain), coarseBuckets.lowerBound, coarseBuckets.upperBound])
  }
}

extension PlayGrouping {
  /// The number `chart_name` and the counts know the grouping by.
  var code: Int {
    switch self {
    case .artist: 0
    case .album: 1
    case .track: 2
    }
  }

  /// The column of `scrobble` (in a query naming it `table`) that is a name's title: none for an artist.
  func titleColumn(of table: String? = nil) -> String {
    switch self {
    case .artist: "''"
    case .album: table.map { "\($0).album" } ?? "album"
    case .track: table.map { "\($0).track" } ?? "track"
    }
  }
}
