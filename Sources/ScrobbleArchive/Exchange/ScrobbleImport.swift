import ImageCacheSupport

/// Reads the CSV files exporters write and adds their plays to an archive.
///
/// Accepted: lastfm-to-csv's rows `artist,album,track,date` with no header (date like `14 Nov 2023 22:13`, UTC),
/// and any CSV whose first row names its columns: artist, album, track (or title, name), and the time as
/// `uts`/`timestamp`/`date`/`utc_time`/`time` (Unix seconds, lastfm-to-csv's form, or ISO 8601). That covers
/// this tool's own `--csv` export and the common Last.fm backup scripts.
///
/// Seconds where the file has none: lastfm-to-csv keeps only the minute, so a minute's plays are put on its first
/// second (`:00`), numbered in the file's order (newest first, as Last.fm lists them). A play is added only where
/// the archive holds nothing yet: a minute (or, with seconds, a second) that already has plays is left as it is,
/// so importing a file twice, or after a sync, adds nothing twice.
public enum ScrobbleImport {
  public struct Summary: Sendable, Equatable, Encodable {
    public var rows = 0
    public var added = 0
    /// Rows whose minute or second the archive already held.
    public var alreadyKept = 0
    /// Rows without an artist, a track or a readable date, by their line number (the first ten).
    public var unreadable = 0
    public var unreadableLines: [Int] = []
  }

  public struct ImportError: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  struct Row {
    var play: ArchivedPlay
    var hasSeconds: Bool
  }

  /// Adds the plays of `text` to `store` in one transaction.
  public static func run(_ text: String, into store: ScrobbleStore) throws -> Summary {
    var summary = Summary()
    let rows = try parse(text, summary: &summary)
    // Oldest first in the file: turned around, so a second's plays are numbered newest first as Last.fm lists them.
    let ordered = (rows.first?.play.time ?? 0) < (rows.last?.play.time ?? 0) ? rows.reversed() : rows
    try store.write { db in
      let occupied = try db.cachedStatement(sql: "SELECT count(*) FROM scrobble WHERE time BETWEEN ? AND ?")
      var groups: [Int: [Row]] = [:]
      var order: [Int] = []
      var written: ClosedRange<Int>?
      for row in ordered {
        if groups[row.play.time] == nil { order.append(row.play.time) }
        groups[row.play.time, default: []].append(row)
      }
      for time in order {
        let group = groups[time]!
        let span = group[0].hasSeconds ? time...time : time...(time + 59)
        if (try occupied.fetchValue([span.lowerBound, span.upperBound], as: Int.self) ?? 0) > 0 {
          summary.alreadyKept += group.count
          continue
        }
        try SyncLedger.insert(group.enumerated().map { ($0.element.play, $0.offset) }, into: .scrobble, db)
        summary.added += group.count
        written = written.map { min($0.lowerBound, span.lowerBound)...max($0.upperBound, span.upperBound) } ?? span
      }
      if let written { try PlayCounts.recount(Int64(written.lowerBound)...Int64(written.upperBound), db) }
    }
    return summary
  }

  static func parse(_ text: String, summary: inout Summary) throws -> [Row] {
    var lines = CSVReader.rows(text)
    guard let first = lines.first else { return [] }
    let columns: Columns
    if let named = Columns(header: first) {
      columns = named
      lines.removeFirst()
    } else if first.count >= 4, PlayDate.parse(first[3]) != nil {
      columns = Columns(artist: 0, album: 1, track: 2, date: 3)
    } else {
      throw ImportError(
        description: "not a scrobble CSV: expected rows artist,album,track,date (lastfm-to-csv) or a header naming "
          + "artist, album, track and uts or date")
    }
    var rows: [Row] = []
    for (index, fields) in lines.enumerated() {
      summary.rows += 1
      guard let row = columns.row(fields) else {
        summary.unreadable += 1
        if summary.unreadableLines.count < 10 {
          summary.unreadableLines.append(index + 1 + (columns.hasHeader ? 1 : 0))
        }
        continue
      }
      rows.append(row)
    }
    return rows
  }

  struct Columns {
    var artist: Int
    var album: Int?
    var track: Int
    var date: Int
    var hasHeader = false

    init(artist: Int, album: Int?, track: Int, date: Int) {
      self.artist = artist
      self.album = album
      self.track = track
      self.date = date
    }

    init?(header: [String]) {
      let names = header.map { $0.trimmingWhitespace().lowercased() }
      func column(_ candidates: [String]) -> Int? { candidates.lazy.compactMap { names.firstIndex(of: $0) }.first }
      guard let artist = column(["artist", "artist_name", "artist name"]),
        let track = column(["track", "title", "track_name", "track name", "name"]),
        let date = column(["uts", "timestamp", "date", "utc_time", "time", "played_at"])
      else { return nil }
      self.init(artist: artist, album: column(["album", "album_name", "album name"]), track: track, date: date)
      hasHeader = true
    }

    func row(_ fields: [String]) -> Row? {
      func field(_ index: Int?) -> String? {
        index.flatMap { $0 < fields.count ? String(fields[$0].trimmingWhitespace()) : nil }
      }
      guard let artist = field(artist), !artist.isEmpty, let track = field(track), !track.isEmpty,
        let date = field(date).flatMap(PlayDate.parse)
      else { return nil }
      // A minute's plays all on its first second: see the type's comment.
      let time = date.hasSeconds ? date.time : date.time - date.time % 60
      return Row(
        play: ArchivedPlay(time: time, artist: artist, album: field(album) ?? "", track: track),
        hasSeconds: date.hasSeconds)
    }
  }
}
