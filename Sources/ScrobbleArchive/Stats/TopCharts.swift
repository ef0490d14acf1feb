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
  /// album name do not count towards an album.
  ///
  /// Summed from the counts `PlayCounts` keeps (see `ChartTerms`): a year is a dozen fine buckets and a few
  /// thousand plays at its edges, all time the totals alone, whatever the archive's size. The total comes from the
  /// same pass, as a window sum.
  public func top(_ grouping: PlayGrouping, in range: ListeningRange, limit: Int) throws -> TopChart {
    let interval = range.interval(in: zone)
    return try store.read { connection in
      guard let span = try Self.span(connection),
        let (rows, arguments) = ChartTerms(interval, span: span).rows(of: grouping)
      else { return TopChart(entries: [], plays: 0) }
      // Plays without an album form a group of their own, ordered last and dropped below: they still count in the
      // window's total.
      let lastly = grouping == .album ? "n.title = '', " : ""
      let sql = """
        SELECT n.artist, n.title, c.plays, sum(c.plays) OVER () FROM \
        (SELECT name, sum(plays) AS plays FROM (\(rows)) GROUP BY name) AS c JOIN chart_name AS n ON n.id = c.name \
        WHERE c.plays > 0 ORDER BY \(lastly)c.plays DESC, n.artist, n.title LIMIT ?
        """
      var chart = TopChart(entries: [], plays: 0)
      try connection.statement(sql: sql).forEachRow(arguments + [Int64(limit)]) { row in
        let title: String = row[1]
        switch grouping {
        case .artist: chart.entries.append(ChartEntry(artist: row[0], plays: row[2]))
        case .album where !title.isEmpty: chart.entries.append(ChartEntry(artist: row[0], album: title, plays: row[2]))
        case .album: break
        case .track: chart.entries.append(ChartEntry(artist: row[0], track: title, plays: row[2]))
        }
        chart.plays = row[3]
        return true
      }
      return chart
    }
  }
}
