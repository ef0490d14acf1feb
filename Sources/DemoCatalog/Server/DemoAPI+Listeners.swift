/// `user.*` apart from recent tracks: a demo listener's profile, loved tracks and charts by period, in Last.fm's
/// shapes, all counted from the same history as the recent tracks at the same `now`.
extension DemoAPI {
  func listenerProfile(_ query: Query) throws(Failure) -> JSONValue {
    let listener = try findListener(query)
    let history = catalog.history(of: listener)
    let scrobbles = history.scrobbleCount(at: now)
    let newest = history.plays(ordinals: max(0, scrobbles - 1)..<scrobbles).first
    let picture =
      listener.hasPicture
      ? newest.map { cover(of: $0.trackKey) } ?? CoverStore.placeholderStarID : CoverStore.placeholderStarID
    return .object([
      "user": .orderedObject([
        ("name", .string(listener.name)), ("age", .string("0")), ("subscriber", .string("0")),
        ("realname", .string(listener.realName)), ("bootstrap", .string("0")),
        ("playcount", .string(String(scrobbles))), ("playlists", .string("0")),
        ("image", images(picture, .throughExtralarge)),
        (
          "registered", .object(["unixtime": .string(String(listener.registered)), "#text": .int(listener.registered)])
        ),
        ("country", .string(listener.country)), ("gender", .string("n")),
        ("url", .string("\(LastFMURL.site)/user/\(LastFMURL.encode(listener.name))")), ("type", .string("user")),
      ])
    ])
  }

  func lovedTracks(_ query: Query) throws(Failure) -> JSONValue {
    let listener = try findListener(query, listening: true)
    let paging = try query.paging(defaultLimit: 50)
    let history = catalog.history(of: listener)
    let loved = history.loved(by: history.cut(at: now))
    let entries = paging.slice(loved).map { love -> JSONValue in
      let (artist, _, track) = parts(of: love.trackKey)
      return .object([
        "artist": artistReference(artist), "mbid": .string(track.mbid), "date": date(love.time),
        "url": .string(LastFMURL.track(track.name, by: artist.name)), "name": .string(track.name),
        "image": images(CoverStore.placeholderStarID, .throughExtralarge),
        "streamable": .object(["fulltrack": .string("0"), "#text": .string("0")]),
      ])
    }
    return .object([
      "lovedtracks": .object([
        "track": .array(entries), "@attr": listenerAttributes(paging, total: loved.count, user: listener),
      ])
    ])
  }

  func listenerTopArtists(_ query: Query) throws(Failure) -> JSONValue {
    try chart(query, list: "topartists", item: "artist", by: { $0 >> 24 }) { parts, plays, rank in
      let (artist, _, _) = parts
      return .object([
        "streamable": .string("0"), "image": images(CoverStore.placeholderStarID, .throughExtralarge),
        "mbid": .string(artist.mbid), "url": .string(LastFMURL.artist(artist.name)),
        "playcount": plays, "@attr": rank, "name": .string(artist.name),
      ])
    }
  }

  func listenerTopAlbums(_ query: Query) throws(Failure) -> JSONValue {
    try chart(query, list: "topalbums", item: "album", by: { $0 >> 12 }) { parts, plays, rank in
      let (artist, album, _) = parts
      return .object([
        "artist": artistReference(artist), "image": images(album.coverID, .throughExtralarge),
        "mbid": .string(album.mbid), "url": .string(LastFMURL.album(album.name, by: artist.name)),
        "playcount": plays, "@attr": rank, "name": .string(album.name),
      ])
    }
  }

  func listenerTopTracks(_ query: Query) throws(Failure) -> JSONValue {
    try chart(query, list: "toptracks", item: "track", by: { $0 }) { parts, plays, rank in
      let (artist, album, track) = parts
      return .object([
        "streamable": .object(["fulltrack": .string("0"), "#text": .string("0")]), "mbid": .string(track.mbid),
        "name": .string(track.name), "image": images(album.coverID, .throughExtralarge),
        "artist": artistReference(artist), "url": .string(LastFMURL.track(track.name, by: artist.name)),
        "duration": .string(String(track.durationSeconds)), "@attr": rank, "playcount": plays,
      ])
    }
  }

  /// Last.fm's "User not found" for unknown names; its error 17 for a hidden profile's listening.
  func findListener(_ query: Query, listening: Bool = false) throws(Failure) -> DemoListener {
    guard let listener = DemoListener.named(try query.required("user")) else { throw .userNotFound }
    if listening && listener.isPrivate { throw .loginRequired }
    return listener
  }

  /// A listener's chart for `period` (an unknown one counts as `overall`, as on Last.fm), of their plays
  /// grouped by `key` of the track key, in Last.fm's shape: `{list: {item: [rows], "@attr": paging}}`. `row`
  /// writes one entry from its track key's artist, album and track, its play count and its rank.
  private func chart(
    _ query: Query, list: String, item: String, by key: (Int) -> Int,
    row: (_ parts: (DemoArtist, DemoAlbum, DemoTrack), _ plays: JSONValue, _ rank: JSONValue) -> JSONValue
  ) throws(Failure) -> JSONValue {
    let listener = try findListener(query, listening: true)
    let paging = try query.paging(defaultLimit: 50)
    let period = query.parameters["period"].flatMap(DemoPeriod.init(rawValue:)) ?? .overall
    let counts = catalog.history(of: listener).trackCounts(overLast: period.seconds, now: now)
    let ranked = DemoCatalog.ranked(counts, by: key)
    let first = (paging.page - 1) * paging.limit
    let entries = paging.slice(ranked).enumerated().map { offset, entry in
      row(parts(of: entry.trackKey), .string(String(entry.count)), rank(first + offset))
    }
    return .object([
      list: .object([item: .array(entries), "@attr": listenerAttributes(paging, total: ranked.count, user: listener)])
    ])
  }

  private func parts(of trackKey: Int) -> (DemoArtist, DemoAlbum, DemoTrack) {
    let (place, albumIndex, trackIndex) = DemoPlay.parts(of: trackKey)
    let artist = catalog.artist(at: place)
    let album = artist.albums[albumIndex]
    return (artist, album, album.tracks[trackIndex])
  }

  private func cover(of trackKey: Int) -> String { parts(of: trackKey).1.coverID }

  func date(_ time: Int) -> JSONValue {
    .object(["uts": .string(String(time)), "#text": .string(DemoDates.listingText(time))])
  }

  func rank(_ place: Int) -> JSONValue { .object(["rank": .string(String(place + 1))]) }

  func listenerAttributes(_ paging: Paging, total: Int, user: DemoListener) -> JSONValue {
    .orderedObject([
      ("page", .string(String(paging.page))), ("total", .string(String(total))), ("user", .string(user.name)),
      ("perPage", .string(String(paging.limit))), ("totalPages", .string(String(paging.totalPages(of: total)))),
    ])
  }
}
