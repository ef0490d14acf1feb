import ImageCacheSupport

/// What a chart counts plays of.
public enum PlayGrouping: String, CaseIterable, Sendable {
  case artist, album, track
}

/// One line of a chart: an artist, an album (with its artist) or a track (with its artist), and its plays.
public struct ChartEntry: Sendable, Equatable {
  public var artist: String
  public var album: String?
  public var track: String?
  public var plays: Int

  public init(artist: String, album: String? = nil, track: String? = nil, plays: Int) {
    self.artist = artist
    self.album = album
    self.track = track
    self.plays = plays
  }
}

/// A range's chart: its first entries, and all the plays the range holds.
public struct TopChart: Sendable, Equatable {
  public var entries: [ChartEntry]
  public var plays: Int
}

extension ArchiveStatistics {
  /// The `limit` most played artists, albums or tracks of `range`, most plays first, ties by name. Plays without an
  /// album name do not count towards an album, but do count in the chart's total.
  ///
  /// Added up from the counts `PlayCounts` keeps (see `ChartTerms`): a year is a dozen fine buckets and the plays
  /// of a few weeks at its edges, all time the totals alone, whatever the archive's size.
  public func top(_ grouping: PlayGrouping, in range: ListeningRange, limit: Int) throws -> TopChart {
    let interval = range.interval(in: zone)
    return try store.read { connection in
      guard let span = try Self.span(connection),
        let (rows, arguments) = ChartTerms(interval, span: span).rows(of: grouping)
      else { return TopChart(entries: [], plays: 0) }
      var plays: [Int64: Int] = [:]
      var total = 0
      try connection.statement(sql: rows).forEachRow(arguments) { row in
        let count: Int = row[1]
        plays[row[0], default: 0] += count
        total += count
        return true
      }
      if grouping == .album {
        let withoutAlbum = try connection.fetchColumn(
          Int64.self, sql: "SELECT id FROM chart_name WHERE grouping = \(grouping.code) AND title = ''")
        for name in withoutAlbum { plays[name] = nil }
      }
      return TopChart(entries: try Self.first(limit, of: plays, grouping, connection), plays: total)
    }
  }

  /// The `limit` names with the most plays, ties by artist and then title in SQLite's order of text (by bytes).
  private static func first(
    _ limit: Int, of plays: [Int64: Int], _ grouping: PlayGrouping, _ connection: SQLiteConnection
  ) throws -> [ChartEntry] {
    let ranked = plays.filter { $0.value > 0 }.sorted { $0.value > $1.value }
    guard limit > 0, !ranked.isEmpty else { return [] }
    // Every name tied with the last one kept, for the names to decide.
    let fewest = ranked[min(limit, ranked.count) - 1].value
    let candidates = ranked.prefix { $0.value >= fewest }
    var entries: [ChartEntry] = []
    let ids = candidates.map { String($0.key) }.joined(separator: ",")
    try connection.statement(sql: "SELECT id, artist, title FROM chart_name WHERE id IN (\(ids))").forEachRow { row in
      let (artist, title): (String, String) = (row[1], row[2])
      let count = plays[row[0]] ?? 0
      switch grouping {
      case .artist: entries.append(ChartEntry(artist: artist, plays: count))
      case .album: entries.append(ChartEntry(artist: artist, album: title, plays: count))
      case .track: entries.append(ChartEntry(artist: artist, track: title, plays: count))
      }
      return true
    }
    return Array(entries.sorted(by: ChartEntry.ranksBefore).prefix(limit))
  }
}

extension ChartEntry {
  /// More plays first; then by artist and title as SQLite's BINARY collation orders them (by UTF-8 bytes; Swift's
  /// own `<` on strings would treat canonically equivalent spellings as equal).
  static func ranksBefore(_ a: ChartEntry, _ b: ChartEntry) -> Bool {
    if a.plays != b.plays { return a.plays > b.plays }
    let (aTitle, bTitle) = (a.album ?? a.track ?? "", b.album ?? b.track ?? "")
    if !a.artist.utf8.elementsEqual(b.artist.utf8) { return a.artist.utf8.lexicographicallyPrecedes(b.artist.utf8) }
    return aTitle.utf8.lexicographicallyPrecedes(bTitle.utf8)
  }
}
