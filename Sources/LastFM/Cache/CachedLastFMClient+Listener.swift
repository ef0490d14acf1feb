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
