/// The listener and tag methods: `user.*` for a person's own Last.fm, `tag.*` for genres.
extension LastFMRequest {
  public static func listenerProfile(_ user: String) -> LastFMRequest {
    LastFMRequest(method: "user.getInfo", parameters: ["user": user], kind: .listener, subject: "user \"\(user)\"")
  }

  /// `extended=1`: the artist comes as an object with its name and URL, and loved tracks are flagged. `from` and
  /// `to` (UTC seconds) bound the plays listed; Last.fm's own page says "after" and "before", and the archive's
  /// sync does not rely on either reading (it asks which one the server follows).
  public static func recentTracks(user: String, page: Int, limit: Int, from: Int? = nil, to: Int? = nil)
    -> LastFMRequest
  {
    var parameters = ["user": user, "extended": "1", "page": String(page), "limit": String(limit)]
    if let from { parameters["from"] = String(from) }
    if let to { parameters["to"] = String(to) }
    return LastFMRequest(
      method: "user.getRecentTracks", parameters: parameters, kind: .recentTracks, subject: "user \"\(user)\"")
  }

  public static func lovedTracks(user: String, page: Int, limit: Int) -> LastFMRequest {
    LastFMRequest(
      method: "user.getLovedTracks", parameters: ["user": user, "page": String(page), "limit": String(limit)],
      kind: .lovedTracks, subject: "user \"\(user)\"")
  }

  public static func listenerTopArtists(user: String, period: ChartPeriod, page: Int, limit: Int) -> LastFMRequest {
    listenerChart("user.getTopArtists", user: user, period: period, page: page, limit: limit)
  }

  public static func listenerTopAlbums(user: String, period: ChartPeriod, page: Int, limit: Int) -> LastFMRequest {
    listenerChart("user.getTopAlbums", user: user, period: period, page: page, limit: limit)
  }

  public static func listenerTopTracks(user: String, period: ChartPeriod, page: Int, limit: Int) -> LastFMRequest {
    listenerChart("user.getTopTracks", user: user, period: period, page: page, limit: limit)
  }

  public static func tagInfo(_ tag: String) -> LastFMRequest {
    LastFMRequest(method: "tag.getInfo", parameters: ["tag": tag], kind: .tagInfo, subject: "tag \"\(tag)\"")
  }

  public static func tagTopArtists(_ tag: String, page: Int, limit: Int) -> LastFMRequest {
    LastFMRequest(
      method: "tag.getTopArtists", parameters: ["tag": tag, "page": String(page), "limit": String(limit)],
      kind: .tagChart, subject: "tag \"\(tag)\"")
  }

  public static func tagTopAlbums(_ tag: String, page: Int, limit: Int) -> LastFMRequest {
    LastFMRequest(
      method: "tag.getTopAlbums", parameters: ["tag": tag, "page": String(page), "limit": String(limit)],
      kind: .tagChart, subject: "tag \"\(tag)\"")
  }

  /// The user a `user.*` request is about, for the messages of errors 6 and 17.
  var user: String? { method.hasPrefix("user.") ? parameters["user"] : nil }

  private static func listenerChart(_ method: String, user: String, period: ChartPeriod, page: Int, limit: Int)
    -> LastFMRequest
  {
    LastFMRequest(
      method: method,
      parameters: ["user": user, "period": period.rawValue, "page": String(page), "limit": String(limit)],
      kind: .listenerChart, subject: "user \"\(user)\"")
  }
}

extension LastFMRequest {
  /// `track.getInfo`, for the album a chart or loved track is on.
  public static func trackInfo(artist: String, track: String) -> LastFMRequest {
    LastFMRequest(
      method: "track.getInfo", parameters: ["artist": artist, "track": track, "autocorrect": "1"], kind: .trackInfo,
      subject: "track \"\(track)\" by \"\(artist)\"")
  }
}
