/// The covers of a listener's or a tag's top albums (`imgcache warm --user NAME` / `--tag NAME`): one request for
/// the chart, then each picture once, in chart order.
extension CoverPlanner {
  /// `user`'s top `albums` albums for `period` (nil: the whole first page). Unknown users and private profiles
  /// fail as the client reports them (`.unknownUser`, `.privateProfile`).
  public func plan(
    user: String, period: ChartPeriod, albums: Int?, size: ImageSet.Size, policy: CachePolicy
  ) async throws(LastFMError) -> CoverPlan {
    let page = try await client.listenerTopAlbums(
      user: user, period: period, page: 1, limit: albums ?? Self.firstPageSize, policy: policy
    ).finalResult().value
    return Self.plan(named: user, albums: page.items, limit: albums, size: size)
  }

  /// `tag`'s top `albums` albums (nil: the whole first page). A tag nobody uses plans no covers, without error.
  public func plan(tag: String, albums: Int?, size: ImageSet.Size, policy: CachePolicy) async throws(LastFMError)
    -> CoverPlan
  {
    let page = try await client.tagTopAlbums(tag, page: 1, limit: albums ?? Self.firstPageSize, policy: policy)
      .finalResult().value
    return Self.plan(named: tag, albums: page.items, limit: albums, size: size)
  }

  private static func plan(named name: String, albums: [Album], limit: Int?, size: ImageSet.Size) -> CoverPlan {
    var collector = CoverCollector(size: size)
    // Last.fm sometimes returns more items than the limit asked for.
    collector.add(limit.map { Array(albums.prefix(max(0, $0))) } ?? albums, artist: "")
    return CoverPlan(
      artist: name, similarArtists: [], covers: collector.covers, albumsWithoutCover: collector.withoutCover)
  }
}
