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
    let (listener, paging, ranked) = try chart(query) { $0 >> 24 }
    let first = (paging.page - 1) * paging.limit
    let entries = paging.slice(ranked).enumerated().map { offset, entry -> JSONValue in
      let (artist, _, _) = parts(of: entry.trackKey)
      return .object([
        "streamable": .string("0"), "image": images(CoverStore.placeholderStarID, .throughExtralarge),
        "mbid": .string(artist.mbid), "url": .string(LastFMURL.artist(artist.name)),
        "playcount": .string(String(entry.count)), "@attr": rank(first + offset), "name": .string(artist.name),
      ])
    }
    return .object([
      "topartists": .object([
        "artist": .array(entries), "@attr": listenerAttributes(paging, total: ranked.count, user: listener),
      ])
    ])
  }

  func listenerTopAlbums(_ query: Query) throws(Failure) -> JSONValue {
    let (listener, paging, ranked) = try chart(query) { $0 >> 12 }
    let first = (paging.page - 1) * paging.limit
    let entries = paging.slice(ranked).enumerated().map { offset, entry -> JSONValue in
      let (artist, album, _) = parts(of: entry.trackKey)
      return .object([
        "artist": artistReference(artist), "image": images(album.coverID, .throughExtralarge),
        "mbid": .string(album.mbid), "url": .string(LastFMURL.album(album.name, by: artist.name)),
        "playcount": .string(String(entry.count)), "@attr": rank(first + offset), "name": .string(album.name),
      ])
    }
    return .object([
      "topalbums": .object([
        "album": .array(entries), "@attr": listenerAttributes(paging, total: ranked.count, user: listener),
      ])
    ])
  }

  func listenerTopTracks(_ query: Query) throws(Failure) -> JSONValue {
    let (listener, paging, ranked) = try chart(query) { $0 }
    let first = (paging.page - 1) * paging.limit
    let entries = paging.slice(ranked).enumerated().map { offset, entry -> JSONValue in
      let (artist, album, track) = parts(of: entry.trackKey)
      return .object([
        "streamable": .object(["fulltrack": .string("0"), "#text": .string("0")]), "mbid": .string(track.mbid),
        "name": .string(track.name), "image": images(album.coverID, .throughExtralarge),
        "artist": artistReference(artist), "url": .string(LastFMURL.track(track.name, by: artist.name)),
        "duration": .string(String(track.durationSeconds)), "@attr": rank(first + offset),
        "playcount": .string(String(entry.count)),
      ])
    }
    return .object([
      "toptracks": .object([
        "track": .array(entries), "@attr": listenerAttributes(paging, total: ranked.count, user: listener),
      ])
    ])
  }

  /// Last.fm's "User not found" for unknown names; its error 17 for a hidden profile's listening.
  func findListener(_ query: Query, listening: Bool = false) throws(Failure) -> DemoListener {
    guard let listener = DemoListener.named(try query.required("user")) else { throw .userNotFound }
    if listening && listener.isPrivate { throw .loginRequired }
    return listener
  }

  /// An unknown `period` counts as `overall`, as on Last.fm.
  private func chart(_ query: Query, by key: (Int) -> Int) throws(Failure) -> (
    DemoListener, Paging, [(trackKey: Int, count: Int)]
  ) {
    let listener = try findListener(query, listening: true)
    let paging = try query.paging(defaultLimit: 50)
    let period = query.parameters["period"].flatMap(DemoPeriod.init(rawValue:)) ?? .overall
    let counts = catalog.history(of: listener).trackCounts(overLast: period.seconds, now: now)
    return (listener, paging, DemoCatalog.ranked(counts, by: key))
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
