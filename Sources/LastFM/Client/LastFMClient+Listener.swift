/// A listener's own Last.fm (`user.*`) and tags (`tag.*`).
extension LastFMClient {
  /// `user.getInfo`.
  public func listenerProfile(_ user: String) async throws(LastFMError) -> ListenerProfile {
    try LastFMDecoding.listenerProfile(await send(.listenerProfile(user)))
  }

  /// `user.getRecentTracks`, the playing track first; `from` and `to` (UTC seconds) bound the plays listed.
  /// Never cached: a sync must read each page as the server has it now.
  public func recentTracks(user: String, page: Int = 1, limit: Int = 50, from: Int? = nil, to: Int? = nil)
    async throws(LastFMError) -> Page<Scrobble>
  {
    try LastFMDecoding.recentTracks(
      parsed: await sendParsing(.recentTracks(user: user, page: page, limit: limit, from: from, to: to)).json)
  }

  /// `user.getRecentTracks` as a listener's archive keeps it: the dated plays only, without the models' URLs.
  public func recentPlays(user: String, page: Int, limit: Int, from: Int? = nil, to: Int? = nil)
    async throws(LastFMError) -> RecentPlays
  {
    try LastFMDecoding.recentPlays(
      parsed: await sendParsing(.recentTracks(user: user, page: page, limit: limit, from: from, to: to)).json)
  }

  /// `user.getLovedTracks`.
  public func lovedTracks(user: String, page: Int = 1, limit: Int = 50) async throws(LastFMError) -> Page<Scrobble> {
    try LastFMDecoding.lovedTracks(await send(.lovedTracks(user: user, page: page, limit: limit)))
  }

  /// `user.getTopArtists` for `period`.
  public func listenerTopArtists(user: String, period: ChartPeriod, page: Int = 1, limit: Int = 50)
    async throws(LastFMError) -> Page<Artist>
  {
    try LastFMDecoding.listenerTopArtists(
      await send(.listenerTopArtists(user: user, period: period, page: page, limit: limit)))
  }

  /// `user.getTopAlbums` for `period`.
  public func listenerTopAlbums(user: String, period: ChartPeriod, page: Int = 1, limit: Int = 50)
    async throws(LastFMError) -> Page<Album>
  {
    try LastFMDecoding.listenerTopAlbums(
      await send(.listenerTopAlbums(user: user, period: period, page: page, limit: limit)))
  }

  /// `user.getTopTracks` for `period`.
  public func listenerTopTracks(user: String, period: ChartPeriod, page: Int = 1, limit: Int = 50)
    async throws(LastFMError) -> Page<Track>
  {
    try LastFMDecoding.listenerTopTracks(
      await send(.listenerTopTracks(user: user, period: period, page: page, limit: limit)))
  }

  /// `tag.getInfo`.
  public func tagInfo(_ tag: String) async throws(LastFMError) -> TagInfo {
    try LastFMDecoding.tagInfo(await send(.tagInfo(tag)))
  }

  /// `tag.getTopArtists`.
  public func tagTopArtists(_ tag: String, page: Int = 1, limit: Int = 50) async throws(LastFMError) -> Page<Artist> {
    try LastFMDecoding.tagTopArtists(await send(.tagTopArtists(tag, page: page, limit: limit)))
  }

  /// `tag.getTopAlbums`.
  public func tagTopAlbums(_ tag: String, page: Int = 1, limit: Int = 50) async throws(LastFMError) -> Page<Album> {
    try LastFMDecoding.tagTopAlbums(await send(.tagTopAlbums(tag, page: page, limit: limit)))
  }
}

extension LastFMClient {
  /// `track.getInfo`: the album a track is on, when Last.fm knows one.
  public func trackInfo(artist: String, track: String) async throws(LastFMError) -> TrackInfo {
    try LastFMDecoding.trackInfo(await send(.trackInfo(artist: artist, track: track)))
  }
}
