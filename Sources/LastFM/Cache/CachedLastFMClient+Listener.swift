/// The listener and tag methods through the metadata cache. Recent tracks stay fresh for two minutes, charts
/// for an hour, tags for a day (`MetadataFreshness.defaultLifetimes`).
extension CachedLastFMClient {
  public func listenerProfile(_ user: String, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<ListenerProfile>
  {
    load(.listenerProfile(user), policy: policy, decode: LastFMDecoding.listenerProfile)
  }

  public func recentTracks(user: String, page: Int = 1, limit: Int = 50, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<Page<Scrobble>>
  {
    load(.recentTracks(user: user, page: page, limit: limit), policy: policy, decode: LastFMDecoding.recentTracks)
  }

  public func lovedTracks(user: String, page: Int = 1, limit: Int = 50, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<Page<Scrobble>>
  {
    load(.lovedTracks(user: user, page: page, limit: limit), policy: policy, decode: LastFMDecoding.lovedTracks)
  }

  public func listenerTopArtists(
    user: String, period: ChartPeriod, page: Int = 1, limit: Int = 50, policy: CachePolicy = .cacheThenNetwork
  ) -> MetadataStream<Page<Artist>> {
    load(
      .listenerTopArtists(user: user, period: period, page: page, limit: limit), policy: policy,
      decode: LastFMDecoding.listenerTopArtists)
  }

  public func listenerTopAlbums(
    user: String, period: ChartPeriod, page: Int = 1, limit: Int = 50, policy: CachePolicy = .cacheThenNetwork
  ) -> MetadataStream<Page<Album>> {
    load(
      .listenerTopAlbums(user: user, period: period, page: page, limit: limit), policy: policy,
      decode: LastFMDecoding.listenerTopAlbums)
  }

  public func listenerTopTracks(
    user: String, period: ChartPeriod, page: Int = 1, limit: Int = 50, policy: CachePolicy = .cacheThenNetwork
  ) -> MetadataStream<Page<Track>> {
    load(
      .listenerTopTracks(user: user, period: period, page: page, limit: limit), policy: policy,
      decode: LastFMDecoding.listenerTopTracks)
  }

  public func tagInfo(_ tag: String, policy: CachePolicy = .cacheThenNetwork) -> MetadataStream<TagInfo> {
    load(.tagInfo(tag), policy: policy, decode: LastFMDecoding.tagInfo)
  }

  public func tagTopArtists(_ tag: String, page: Int = 1, limit: Int = 50, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<Page<Artist>>
  {
    load(.tagTopArtists(tag, page: page, limit: limit), policy: policy, decode: LastFMDecoding.tagTopArtists)
  }

  public func tagTopAlbums(_ tag: String, page: Int = 1, limit: Int = 50, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<Page<Album>>
  {
    load(.tagTopAlbums(tag, page: page, limit: limit), policy: policy, decode: LastFMDecoding.tagTopAlbums)
  }
}

extension CachedLastFMClient {
  /// Kept a day (`MetadataKind.trackInfo`): which album a track is on hardly changes.
  public func trackInfo(artist: String, track: String, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<TrackInfo>
  {
    load(.trackInfo(artist: artist, track: track), policy: policy, decode: LastFMDecoding.trackInfo)
  }
}

extension CachedLastFMClient {
  /// What `user` plays now: fresh for 10 s (`MetadataKind.nowPlaying`); a poll passes `.refresh`, so it always
  /// sees the new track, and still stores the answer for the next one-shot.
  public func nowPlaying(user: String, policy: CachePolicy = .cacheThenNetwork) -> MetadataStream<NowPlaying> {
    load(.nowPlaying(user: user), policy: policy, decode: Self.decodeNowPlaying)
  }

  /// `track.getInfo` for a listener: the album, their plays of the track and whether they love it.
  public func trackInfo(artist: String, track: String, username: String, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<TrackInfo>
  {
    load(.trackInfo(artist: artist, track: track, username: username), policy: policy, decode: LastFMDecoding.trackInfo)
  }

  /// How many scrobbles `user` has since `from` (UTC seconds): `user.getRecentTracks` with `from` and `limit=1`,
  /// whose `total` counts them; one request whatever the count.
  public func scrobbleCount(user: String, from: Int, policy: CachePolicy = .cacheThenNetwork) -> MetadataStream<Int> {
    load(.recentTracks(user: user, page: 1, limit: 1, from: from), policy: policy) { bytes throws(LastFMError) in
      try LastFMDecoding.recentTracks(bytes).total
    }
  }

  /// `artist.getInfo` for a listener: the artist, with their plays of it (`Artist.userPlaycount`).
  public func artistInfo(_ name: String, username: String, policy: CachePolicy = .cacheThenNetwork)
    -> MetadataStream<Artist>
  {
    load(.artistInfo(name, username: username), policy: policy, decode: LastFMDecoding.artistInfo)
  }
}
