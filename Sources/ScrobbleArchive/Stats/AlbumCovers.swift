import ImageCacheSupport

extension ArchiveStatistics {
  /// The cover address the latest play of each album carried (Last.fm's `extralarge` image), for drawing a range's
  /// top albums as a wall; albums whose plays carried none are absent. One indexed lookup an album
  /// (`scrobble_by_album`), so asking for a chart's few albums never scans the archive.
  public func covers(of albums: [ChartEntry]) throws -> [AlbumKey: String] {
    try store.read { connection in
      let statement = try connection.statement(
        sql: "SELECT cover FROM scrobble WHERE artist = ?1 AND album = ?2 AND cover IS NOT NULL AND cover <> '' "
          + "ORDER BY time DESC LIMIT 1")
      var covers: [AlbumKey: String] = [:]
      for entry in albums {
        guard let album = entry.album, !album.isEmpty else { continue }
        let found = try statement.fetchOne([entry.artist, album]) { row -> String in row[0] }
        if let found { covers[AlbumKey(artist: entry.artist, album: album)] = found }
      }
      return covers
    }
  }
}

/// An album as the archive names it: its artist and its title.
public struct AlbumKey: Hashable, Sendable {
  public var artist: String
  public var album: String

  public init(artist: String, album: String) {
    self.artist = artist
    self.album = album
  }
}
