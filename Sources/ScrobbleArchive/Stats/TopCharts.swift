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

extension ArchiveStatistics {
  /// The `limit` most played artists, albums or tracks of `range`, most plays first, ties by name. Plays without an
  /// album name do not count towards an album.
  public func top(_ grouping: PlayGrouping, in range: ListeningRange, limit: Int) throws -> [ChartEntry] {
    let interval = range.interval(in: zone)
    let sql =
      switch grouping {
      case .artist:
        "SELECT artist, count(*) AS plays FROM scrobble WHERE time >= ?1 AND time < ?2 GROUP BY artist "
          + "ORDER BY plays DESC, artist LIMIT ?3"
      case .album:
        "SELECT artist, album, count(*) AS plays FROM scrobble WHERE time >= ?1 AND time < ?2 AND album <> '' "
          + "GROUP BY artist, album ORDER BY plays DESC, artist, album LIMIT ?3"
      case .track:
        "SELECT artist, track, count(*) AS plays FROM scrobble WHERE time >= ?1 AND time < ?2 "
          + "GROUP BY artist, track ORDER BY plays DESC, artist, track LIMIT ?3"
      }
    return try store.read { connection in
      try connection.statement(sql: sql).fetchAll([interval.lowerBound, interval.upperBound, Int64(limit)]) {
        row -> ChartEntry in
        switch grouping {
        case .artist: ChartEntry(artist: row[0], plays: row[1])
        case .album: ChartEntry(artist: row[0], album: row[1], plays: row[2])
        case .track: ChartEntry(artist: row[0], track: row[1], plays: row[2])
        }
      }
    }
  }
}
