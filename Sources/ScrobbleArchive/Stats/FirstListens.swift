import ImageCacheSupport

/// An artist or album first played in a range: when, and how often within the range.
public struct FirstListen: Sendable, Equatable {
  public var artist: String
  public var album: String?
  /// The unix second of the very first play in the archive.
  public var firstPlayed: Int64
  public var playsInRange: Int
}

extension ArchiveStatistics {
  /// The artists (or albums) whose first play in the whole archive falls in `range`, in the order they were first
  /// played. Each group's first play comes from its own index (`scrobble_by_artist`, `scrobble_by_album`).
  public func firstListens(_ grouping: PlayGrouping, in range: ListeningRange) throws -> [FirstListen] {
    precondition(grouping != .track, "first listens are of artists and albums")
    let interval = range.interval(in: zone)
    let columns = grouping == .artist ? "artist" : "artist, album"
    let albumFilter = grouping == .album ? "WHERE album <> '' " : ""
    let sql = """
      SELECT \(columns), min(time) AS first_time, sum(time >= ?1 AND time < ?2) FROM scrobble \(albumFilter)\
      GROUP BY \(columns) HAVING first_time >= ?1 AND first_time < ?2 ORDER BY first_time, \(columns)
      """
    return try store.read { connection in
      try connection.statement(sql: sql).fetchAll([interval.lowerBound, interval.upperBound]) {
        row -> FirstListen in
        grouping == .artist
          ? FirstListen(artist: row[0], album: nil, firstPlayed: row[1], playsInRange: row[2])
          : FirstListen(artist: row[0], album: row[1], firstPlayed: row[2], playsInRange: row[3])
      }
    }
  }
}
