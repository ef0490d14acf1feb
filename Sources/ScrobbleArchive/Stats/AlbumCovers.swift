import ImageCacheSupport

extension ArchiveStatistics {
  /// The cover URL of `album` by `artist` as its newest play that has one stored it; nil when no play did (imported
  /// plays have none). Read through `scrobble_by_album`, so it costs one index seek.
  public func cover(artist: String, album: String) throws -> String? {
    let sql = """
      SELECT cover FROM scrobble WHERE artist = ?1 AND album = ?2 AND cover IS NOT NULL AND cover != '' \
      ORDER BY time DESC LIMIT 1
      """
    var cover: String?
    try store.read { connection in
      try connection.statement(sql: sql).forEachRow([artist, album]) { row in
        cover = row[0]
        return false
      }
    }
    return cover
  }
}
