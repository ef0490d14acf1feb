/// Decodes each method's answer (already checked for error payloads) into models.
/// Public so the demo catalog and the cache can decode stored bytes the same way.
public enum LastFMDecoding {
  public static func topArtists(_ bytes: [UInt8]) throws(LastFMError) -> Page<Artist> {
    try page(bytes, "artists", rows: "artist", method: "chart.getTopArtists", ModelDecoding.artist)
  }

  public static func topAlbums(_ bytes: [UInt8]) throws(LastFMError) -> Page<Album> {
    let list = try root(bytes, "topalbums", method: "artist.getTopAlbums")
    let artist = list["@attr"]["artist"].string
    let albums = list["album"].elements.compactMap { ModelDecoding.album($0, defaultArtist: artist) }
    return ModelDecoding.page(albums, attributes: list["@attr"])
  }

  public static func topTracks(_ bytes: [UInt8]) throws(LastFMError) -> Page<Track> {
    let list = try root(bytes, "toptracks", method: "artist.getTopTracks")
    let artist = list["@attr"]["artist"].string
    let tracks = list["track"].elements.compactMap { ModelDecoding.track($0, artist: artist) }
    return ModelDecoding.page(tracks, attributes: list["@attr"])
  }

  public static func similarArtists(_ bytes: [UInt8]) throws(LastFMError) -> [SimilarArtist] {
    let list = try root(bytes, "similarartists", method: "artist.getSimilar")
    return list["artist"].elements.compactMap(ModelDecoding.similarArtist)
  }

  public static func artistInfo(_ bytes: [UInt8]) throws(LastFMError) -> Artist {
    try info(bytes, "artist", method: "artist.getInfo", named: "an artist", ModelDecoding.artist)
  }

  public static func searchArtists(_ bytes: [UInt8]) throws(LastFMError) -> Page<Artist> {
    let results = try root(bytes, "results", method: "artist.search")
    let artists = results["artistmatches"]["artist"].elements.compactMap(ModelDecoding.artist)
    return ModelDecoding.searchPage(artists, results: results)
  }

  public static func albumInfo(_ bytes: [UInt8]) throws(LastFMError) -> Album {
    try info(bytes, "album", method: "album.getInfo", named: "an album") { ModelDecoding.album($0) }
  }

  /// A list answer: the `rows` under `key` that decode, as a page by the list's `@attr`.
  static func page<Row>(
    _ bytes: [UInt8], _ key: String, rows: String, method: String, _ decode: (JSONValue) -> Row?
  ) throws(LastFMError) -> Page<Row> {
    let list = try root(bytes, key, method: method)
    return ModelDecoding.page(list[rows].elements.compactMap(decode), attributes: list["@attr"])
  }

  /// A `*.getInfo` answer: the object under `key`, which must decode; `named` says what it is ("an artist") when
  /// it has no name.
  static func info<Model>(
    _ bytes: [UInt8], _ key: String, method: String, named: String, _ decode: (JSONValue) -> Model?
  ) throws(LastFMError) -> Model {
    guard let model = decode(try root(bytes, key, method: method)) else {
      throw .malformedResponse(detail: "\(method) answer has \(named) without a name")
    }
    return model
  }

  static func root(_ bytes: [UInt8], _ key: String, method: String) throws(LastFMError) -> JSONValue {
    try root(try document(bytes, method: method), key, method: method)
  }

  static func document(_ bytes: [UInt8], method: String) throws(LastFMError) -> JSONValue {
    guard let json = JSONValue.parse(bytes) else {
      throw .malformedResponse(detail: "\(method) answer is not JSON")
    }
    return json
  }

  /// The object under `key` of a parsed answer.
  static func root(_ json: JSONValue, _ key: String, method: String) throws(LastFMError) -> JSONValue {
    let value = json[key]
    guard value.isObject else {
      throw .malformedResponse(detail: "\(method) answer has no \"\(key)\" object")
    }
    return value
  }
}
