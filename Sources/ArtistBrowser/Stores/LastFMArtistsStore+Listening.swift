import FoundationEssentials
import LastFM

/// Listeners, tags and an artist's top tracks on Last.fm (or the demo catalog), through the metadata cache, which
/// keeps recent tracks for minutes and charts for longer. Artists come with Last.fm's placeholder star, which
/// `ImageSet` drops: their rows have no picture of their own (the full screen stands in their top album's cover).
extension LastFMArtistsStore: ListeningStore {
  func listenerProfile(user: String, policy: CachePolicy) async throws -> StoreResult<ListenerSummary> {
    let result = try await answer(client.listenerProfile(user, policy: lastFMPolicy(policy)), name: user)
    return result.map { profile in
      ListenerSummary(
        name: profile.name, realName: profile.realName, playCount: profile.playcount, registered: profile.registered,
        country: profile.country, imageURL: profile.images.url(for: imageSize))
    }
  }

  func recentTracks(user: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<TrackPlay>>
  {
    let stream = client.recentTracks(user: user, page: page, limit: limit, policy: lastFMPolicy(policy))
    return try await answer(stream, name: user).map { pageOf($0, transform: play) }
  }

  func lovedTracks(user: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<TrackPlay>>
  {
    let stream = client.lovedTracks(user: user, page: page, limit: limit, policy: lastFMPolicy(policy))
    return try await answer(stream, name: user).map { pageOf($0, transform: play) }
  }

  func listenerTopArtists(
    user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy
  ) async throws -> StoreResult<Page<ArtistSummary>> {
    let stream = client.listenerTopArtists(
      user: user, period: period, page: page, limit: limit, policy: lastFMPolicy(policy))
    return try await answer(stream, name: user).map { summaries($0, limit: limit) }
  }

  func listenerTopAlbums(
    user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy
  ) async throws -> StoreResult<Page<AlbumSummary>> {
    let stream = client.listenerTopAlbums(
      user: user, period: period, page: page, limit: limit, policy: lastFMPolicy(policy))
    return try await answer(stream, name: user).map { albums($0, limit: limit) }
  }

  func listenerTopTracks(
    user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy
  ) async throws -> StoreResult<Page<TrackChartEntry>> {
    let stream = client.listenerTopTracks(
      user: user, period: period, page: page, limit: limit, policy: lastFMPolicy(policy))
    return try await answer(stream, name: user).map { tracks($0, artist: "", limit: limit) }
  }

  func tagInfo(tag: String, policy: CachePolicy) async throws -> StoreResult<TagSummary> {
    try await answer(client.tagInfo(tag, policy: lastFMPolicy(policy)), name: tag).map { info in
      TagSummary(name: info.name, reach: info.reach, total: info.total, summary: info.summary ?? "")
    }
  }

  func tagTopArtists(tag: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<ArtistSummary>>
  {
    let stream = client.tagTopArtists(tag, page: page, limit: limit, policy: lastFMPolicy(policy))
    return try await answer(stream, name: tag).map { summaries($0, limit: limit) }
  }

  func tagTopAlbums(tag: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<AlbumSummary>>
  {
    let stream = client.tagTopAlbums(tag, page: page, limit: limit, policy: lastFMPolicy(policy))
    return try await answer(stream, name: tag).map { albums($0, limit: limit) }
  }

  func artistTopTracks(artist: String, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<[TrackChartEntry]>
  {
    let stream = client.topTracks(artist: artist, page: 1, limit: limit, policy: lastFMPolicy(policy))
    return try await answer(stream, name: artist).map { tracks($0, artist: artist, limit: limit).items }
  }

  func trackAlbum(artist: String, track: String, policy: CachePolicy) async throws
    -> StoreResult<TrackAlbum?>
  {
    let stream = client.trackInfo(artist: artist, track: track, policy: lastFMPolicy(policy))
    return try await answer(stream, name: track).map { info in
      info.album.map { TrackAlbum(name: $0.title, artist: $0.artist, imageURL: $0.images.url(for: imageSize)) }
    }
  }

  // MARK: Mapping

  private func play(_ scrobble: Scrobble) -> TrackPlay {
    TrackPlay(
      name: scrobble.name, artist: scrobble.artist, album: scrobble.album.flatMap { $0.isEmpty ? nil : $0 },
      imageURL: scrobble.images.url(for: imageSize), date: scrobble.date, isNowPlaying: scrobble.isNowPlaying,
      loved: scrobble.loved)
  }

  private func pageOf<Item, Other>(_ page: LastFM.Page<Item>, transform: (Item) -> Other) -> Page<Other> {
    Page(items: page.items.map(transform), number: page.page, totalPages: max(page.totalPages, page.page))
  }

  /// Ranks are positions in the whole list, as for the chart.
  private func firstRank<Item>(_ page: LastFM.Page<Item>, limit: Int) -> Int {
    let perPage = page.perPage > 0 ? page.perPage : max(1, limit)
    return (max(1, page.page) - 1) * perPage + 1
  }

  private func albums(_ page: LastFM.Page<Album>, limit: Int) -> Page<AlbumSummary> {
    let first = firstRank(page, limit: limit)
    return Page(
      items: page.items.enumerated().map { index, album in
        AlbumSummary(
          rank: first + index, name: album.name, artist: album.artist, playCount: album.playcount,
          imageURL: album.images.url(for: imageSize))
      }, number: page.page, totalPages: max(page.totalPages, page.page))
  }

  /// `artist` stands in where the answer names none (an artist's own top tracks).
  private func tracks(_ page: LastFM.Page<Track>, artist: String, limit: Int) -> Page<TrackChartEntry> {
    let first = firstRank(page, limit: limit)
    return Page(
      items: page.items.enumerated().map { index, track in
        TrackChartEntry(
          rank: track.rank ?? first + index, name: track.name, artist: track.artist ?? artist,
          playCount: track.playcount, listeners: track.listeners)
      }, number: page.page, totalPages: max(page.totalPages, page.page))
  }
}
