import FoundationEssentials

/// Models of the `user.*` and `tag.*` answers, as tolerant as the others: numbers as strings, one item for a list,
/// `""` for absent, the artist as `{"#text": …}` (recent tracks) or `{"name": …}` (`extended=1`, charts).
extension ModelDecoding {
  static func listenerProfile(_ json: JSONValue) -> ListenerProfile? {
    guard let name = json["name"].string?.trimmingSpaces.nilIfEmpty else { return nil }
    return ListenerProfile(
      name: name,
      realName: json["realname"].string?.trimmingSpaces.nilIfEmpty,
      playcount: json["playcount"].int,
      registered: date(json["registered"]["unixtime"]) ?? date(json["registered"]["#text"]),
      country: json["country"].string.flatMap { $0 == "None" ? nil : $0.trimmingSpaces.nilIfEmpty },
      url: json["url"].url ?? URL(string: "https://www.last.fm/user/")!.appendingPathComponent(name),
      images: images(json["image"])
    )
  }

  /// A recent or loved track. The playing track has `@attr.nowplaying` and no date.
  static func scrobble(_ json: JSONValue, reader: URLReader) -> Scrobble? {
    guard let name = json["name"].string else { return nil }
    let artist = artistName(json["artist"]) ?? ""
    return Scrobble(
      name: name,
      artist: artist,
      album: albumName(json["album"]),
      url: reader.url(json["url"]) ?? WebURL.track(artist: artist, track: name),
      images: images(json["image"], reader: reader),
      date: date(json["date"]["uts"]) ?? date(json["date"]),
      isNowPlaying: isNowPlaying(json),
      timestamp: playTime(json),
      loved: loved(json)
    )
  }

  /// A played track's album: `{"#text": …}`, `{"name": …}` or a plain string.
  static func albumName(_ json: JSONValue) -> String? {
    json["#text"].string ?? json["name"].string ?? json.string
  }

  /// Whether a recent track is the one playing now (`@attr.nowplaying`), which has no date.
  static func isNowPlaying(_ json: JSONValue) -> Bool {
    json["@attr"]["nowplaying"].string?.lowercased() == "true"
  }

  /// A recent track's `date.uts` (or a bare `date`) in seconds since 1970; nil without one or at 0.
  static func playTime(_ json: JSONValue) -> Int? {
    (json["date"]["uts"].int ?? json["date"].int).flatMap { $0 > 0 ? $0 : nil }
  }

  /// `extended=1`'s `loved`; nil when the answer does not say.
  static func loved(_ json: JSONValue) -> Bool? {
    json["loved"].int.map { $0 != 0 }
  }

  /// A track of a listener's chart: the artist is an object there, and named per track.
  static func chartTrack(_ json: JSONValue) -> Track? {
    guard var track = track(json, artist: nil) else { return nil }
    track.artist = artistName(json["artist"])
    return track
  }

  static func tagInfo(_ json: JSONValue) -> TagInfo? {
    guard let name = json["name"].string else { return nil }
    return TagInfo(
      name: name,
      reach: json["reach"].int,
      total: json["total"].int ?? json["taggings"].int,
      summary: BioText.plain(json["wiki"]["summary"].string),
      content: BioText.plain(json["wiki"]["content"].string)
    )
  }

  /// `{"#text": "Tame Impala"}`, `{"name": "Tame Impala", …}` or a plain string.
  static func artistName(_ json: JSONValue) -> String? {
    json["name"].string ?? json["#text"].string ?? json.string
  }

  /// Unix seconds, as a number or a numeric string; nil for anything else (the `#text` dates are for people).
  static func date(_ json: JSONValue) -> Date? {
    guard let seconds = json.int, seconds > 0 else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }
}
