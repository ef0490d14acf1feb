/// The `user.*` and `tag.*` answers. A tag or listener with nothing in a list answers an empty page (`total: "0"`
/// with `[]` or no list at all), which decodes as an empty page, not an error.
extension LastFMDecoding {
  public static func listenerProfile(_ bytes: [UInt8]) throws(LastFMError) -> ListenerProfile {
    try info(bytes, "user", method: "user.getInfo", named: "a user", ModelDecoding.listenerProfile)
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
    let reader = URLReader()
    return try page(bytes, "lovedtracks", rows: "track", method: "user.getLovedTracks") {
      ModelDecoding.scrobble($0, reader: reader)
    }
  }

  public static func listenerTopArtists(_ bytes: [UInt8]) throws(LastFMError) -> Page<Artist> {
    try page(bytes, "topartists", rows: "artist", method: "user.getTopArtists", ModelDecoding.artist)
  }

  public static func listenerTopAlbums(_ bytes: [UInt8]) throws(LastFMError) -> Page<Album> {
    try page(bytes, "topalbums", rows: "album", method: "user.getTopAlbums") { ModelDecoding.album($0) }
  }

  public static func listenerTopTracks(_ bytes: [UInt8]) throws(LastFMError) -> Page<Track> {
    try page(bytes, "toptracks", rows: "track", method: "user.getTopTracks", ModelDecoding.chartTrack)
  }

  public static func tagInfo(_ bytes: [UInt8]) throws(LastFMError) -> TagInfo {
    try info(bytes, "tag", method: "tag.getInfo", named: "a tag", ModelDecoding.tagInfo)
  }

  public static func tagTopArtists(_ bytes: [UInt8]) throws(LastFMError) -> Page<Artist> {
    try page(bytes, "topartists", rows: "artist", method: "tag.getTopArtists", ModelDecoding.artist)
  }

  public static func tagTopAlbums(_ bytes: [UInt8]) throws(LastFMError) -> Page<Album> {
    try page(bytes, "albums", rows: "album", method: "tag.getTopAlbums") { ModelDecoding.album($0) }
  }
}
