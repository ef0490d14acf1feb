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

extension LastFMRequest {
  /// How many rows a now-playing request asks for: the playing track (which Last.fm sends beyond `limit`) or the
  /// last scrobble, and the few before it that the Now screen lists.
  public static let nowPlayingRows = 6

  /// `user.getRecentTracks` for `NowPlaying`: its own kind, so its short freshness applies and its stored answer
  /// is apart from the listener page's.
  public static func nowPlaying(user: String) -> LastFMRequest {
    var request = recentTracks(user: user, page: 1, limit: nowPlayingRows)
    request.kind = .nowPlaying
    return request
  }

  /// `track.getInfo` with `username`: the listener's plays of the track and whether they love it.
  public static func trackInfo(artist: String, track: String, username: String) -> LastFMRequest {
    var request = trackInfo(artist: artist, track: track)
    request.parameters["username"] = username
    // The listener's own counts move with each scrobble: kept as long as their recent tracks.
    request.kind = .recentTracks
    return request
  }

  /// `artist.getInfo` with `username`: the listener's plays of the artist.
  public static func artistInfo(_ name: String, username: String) -> LastFMRequest {
    var request = artistInfo(name)
    request.parameters["username"] = username
    // The listener's own counts move with each scrobble: kept as long as their recent tracks.
    request.kind = .recentTracks
    return request
  }
}
