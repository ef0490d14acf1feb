/// The `user.*` and `tag.*` answers. A tag or listener with nothing in a list answers an empty page (`total: "0"`
/// with `[]` or no list at all), which decodes as an empty page, not an error.
extension LastFMDecoding {
  public static func listenerProfile(_ bytes: [UInt8]) throws(LastFMError) -> ListenerProfile {
    let json = try root(bytes, "user", method: "user.getInfo")
    guard let profile = ModelDecoding.listenerProfile(json) else {
      throw .malformedResponse(detail: "user.getInfo answer has a user without a name")
    }
    return profile
  }

  /// The track playing now first (Last.fm already puts it there; a server that doesn't is put right).
  public static func recentTracks(_ bytes: [UInt8]) throws(LastFMError) -> Page<Scrobble> {
    try recentTracks(parsed: try document(bytes, method: "user.getRecentTracks"))
  }

  static func recentTracks(parsed json: JSONValue) throws(LastFMError) -> Page<Scrobble> {
    let list = try root(json, "recenttracks", method: "user.getRecentTracks")
    let reader = URLReader()
    let tracks = list["track"].elements.compactMap { ModelDecoding.scrobble($0, reader: reader) }
    let playing = tracks.filter(\.isNowPlaying).prefix(1)
    return ModelDecoding.page(Array(playing) + tracks.filter { !$0.isNowPlaying }, attributes: list["@attr"])
  }

  public static func lovedTracks(_ bytes: [UInt8]) throws(LastFMError) -> Page<Scrobble> {
    let list = try root(bytes, "lovedtracks", method: "user.getLovedTracks")
    let reader = URLReader()
    let tracks = list["track"].elements.compactMap { ModelDecoding.scrobble($0, reader: reader) }
    return ModelDecoding.page(tracks, attributes: list["@attr"])
  }

  public static func listenerTopArtists(_ bytes: [UInt8]) throws(LastFMError) -> Page<Artist> {
    try artistChart(bytes, method: "user.getTopArtists")
  }

  public static func listenerTopAlbums(_ bytes: [UInt8]) throws(LastFMError) -> Page<Album> {
    let list = try root(bytes, "topalbums", method: "user.getTopAlbums")
    let albums = list["album"].elements.compactMap { ModelDecoding.album($0) }
    return ModelDecoding.page(albums, attributes: list["@attr"])
  }

  public static func listenerTopTracks(_ bytes: [UInt8]) throws(LastFMError) -> Page<Track> {
    let list = try root(bytes, "toptracks", method: "user.getTopTracks")
    return ModelDecoding.page(list["track"].elements.compactMap(ModelDecoding.chartTrack), attributes: list["@attr"])
  }

  public static func tagInfo(_ bytes: [UInt8]) throws(LastFMError) -> TagInfo {
    let json = try root(bytes, "tag", method: "tag.getInfo")
    guard let tag = ModelDecoding.tagInfo(json) else {
      throw .malformedResponse(detail: "tag.getInfo answer has a tag without a name")
    }
    return tag
  }

  public static func tagTopArtists(_ bytes: [UInt8]) throws(LastFMError) -> Page<Artist> {
    try artistChart(bytes, method: "tag.getTopArtists")
  }

  public static func tagTopAlbums(_ bytes: [UInt8]) throws(LastFMError) -> Page<Album> {
    let list = try root(bytes, "albums", method: "tag.getTopAlbums")
    let albums = list["album"].elements.compactMap { ModelDecoding.album($0) }
    return ModelDecoding.page(albums, attributes: list["@attr"])
  }

  /// `user.getTopArtists` and `tag.getTopArtists` share the `topartists` shape.
  private static func artistChart(_ bytes: [UInt8], method: String) throws(LastFMError) -> Page<Artist> {
    let list = try root(bytes, "topartists", method: method)
    return ModelDecoding.page(list["artist"].elements.compactMap(ModelDecoding.artist), attributes: list["@attr"])
  }
}
