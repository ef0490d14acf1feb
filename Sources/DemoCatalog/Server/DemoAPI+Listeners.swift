/// `user.*`: a demo listener's profile, recent and loved tracks, and charts by period, in Last.fm's shapes
/// (numbers as strings, `nowplaying` without a date, the artist as `{"#text": …}` unless `extended=1`).
extension DemoAPI {
  func listenerProfile(_ query: Query) throws(Failure) -> JSONValue {
    let listener = try findListener(query)
    let history = catalog.history(of: listener, anchor: anchorHour)
    let picture =
      listener.hasPicture
      ? history.plays.first.map { cover(of: $0) } ?? CoverStore.placeholderStarID : CoverStore.placeholderStarID
    return .object([
      "user": .orderedObject([
        ("name", .string(listener.name)), ("age", .string("0")), ("subscriber", .string("0")),
        ("realname", .string(listener.realName)), ("bootstrap", .string("0")),
        ("playcount", .string(String(history.plays.count))), ("playlists", .string("0")),
        ("image", images(picture, .throughExtralarge)),
        (
          "registered", .object(["unixtime": .string(String(listener.registered)), "#text": .int(listener.registered)])
        ),
        ("country", .string(listener.country)), ("gender", .string("n")),
        ("url", .string("\(LastFMURL.site)/user/\(LastFMURL.encode(listener.name))")), ("type", .string("user")),
      ])
    ])
  }

  /// The playing track comes first on page 1, beyond `limit`, as Last.fm sends it, while the window reaches the
  /// present; `total` counts the window's scrobbles without it.
  func recentTracks(_ query: Query) throws(Failure) -> JSONValue {
    let listener = try findListener(query, listening: true)
    let window = try query.scrobbleWindow()
    let asked = try query.paging(defaultLimit: 50)
    let paging = Paging(page: asked.page, limit: min(asked.limit, Query.recentTracksLimit))
    let extended = query.parameters["extended"] == "1"
    let history = catalog.history(of: listener, anchor: anchorHour)
    let loved = Set(history.loved.map { [$0.artist, $0.album, $0.track] })
    let plays = window == .everything ? history.plays : history.plays.filter { window.contains($0.time) }
    var entries: [JSONValue] = []
    if paging.page == 1, window.reachesPresent(now: now), let playing = history.nowPlaying {
      entries.append(scrobble(playing, extended: extended, loved: loved, nowPlaying: true))
    }
    entries += paging.slice(plays).map { scrobble($0, extended: extended, loved: loved, nowPlaying: false) }
    return .object([
      "recenttracks": .object([
        "track": .array(entries), "@attr": listenerAttributes(paging, total: plays.count, user: listener),
      ])
    ])
  }

  func lovedTracks(_ query: Query) throws(Failure) -> JSONValue {
    let listener = try findListener(query, listening: true)
    let paging = try query.paging(defaultLimit: 50)
    let loved = catalog.history(of: listener, anchor: anchorHour).loved
    let entries = paging.slice(loved).map { play -> JSONValue in
      let (artist, album) = (catalog.artist(at: play.artist), catalog.artist(at: play.artist).albums[play.album])
      let track = album.tracks[play.track]
      return .object([
        "artist": artistReference(artist), "mbid": .string(track.mbid), "date": date(play.time),
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
    let (listener, paging, ranked) = try chart(query) { $0.artist }
    let first = (paging.page - 1) * paging.limit
    let entries = paging.slice(ranked).enumerated().map { offset, entry -> JSONValue in
      let artist = catalog.artist(at: entry.play.artist)
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
    let (listener, paging, ranked) = try chart(query) { [$0.artist, $0.album] }
    let first = (paging.page - 1) * paging.limit
    let entries = paging.slice(ranked).enumerated().map { offset, entry -> JSONValue in
      let artist = catalog.artist(at: entry.play.artist)
      let album = artist.albums[entry.play.album]
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
    let (listener, paging, ranked) = try chart(query) { [$0.artist, $0.album, $0.track] }
    let first = (paging.page - 1) * paging.limit
    let entries = paging.slice(ranked).enumerated().map { offset, entry -> JSONValue in
      let artist = catalog.artist(at: entry.play.artist)
      let album = artist.albums[entry.play.album]
      let track = album.tracks[entry.play.track]
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

  /// The anchor of the listeners' histories: the current hour.
  var anchorHour: Int { now - now % 3600 }

  /// Last.fm's "User not found" for unknown names; its error 17 for a hidden profile's listening.
  private func findListener(_ query: Query, listening: Bool = false) throws(Failure) -> DemoListener {
    guard let listener = DemoListener.named(try query.required("user")) else { throw .userNotFound }
    if listening && listener.isPrivate { throw .loginRequired }
    return listener
  }

  /// An unknown `period` counts as `overall`, as on Last.fm.
  private func chart<Key: Hashable>(_ query: Query, by key: (DemoPlay) -> Key) throws(Failure) -> (
    DemoListener, Paging, [(play: DemoPlay, count: Int)]
  ) {
    let listener = try findListener(query, listening: true)
    let paging = try query.paging(defaultLimit: 50)
    let period = query.parameters["period"].flatMap(DemoPeriod.init(rawValue:)) ?? .overall
    let anchor = anchorHour
    let plays = catalog.history(of: listener, anchor: anchor).plays(within: period, anchor: anchor)
    return (listener, paging, DemoCatalog.ranked(plays, by: key))
  }

  private func scrobble(_ play: DemoPlay, extended: Bool, loved: Set<[Int]>, nowPlaying: Bool) -> JSONValue {
    let artist = catalog.artist(at: play.artist)
    let album = artist.albums[play.album]
    let track = album.tracks[play.track]
    var pairs: [(String, JSONValue)] = []
    if nowPlaying { pairs.append(("@attr", .object(["nowplaying": .string("true")]))) }
    if extended {
      pairs.append(
        (
          "artist",
          .object([
            "url": .string(LastFMURL.artist(artist.name)), "mbid": .string(artist.mbid),
            "image": images(CoverStore.placeholderStarID, .throughExtralarge), "name": .string(artist.name),
          ])
        ))
      pairs.append(("loved", .string(loved.contains([play.artist, play.album, play.track]) ? "1" : "0")))
    } else {
      pairs.append(("artist", .object(["mbid": .string(artist.mbid), "#text": .string(artist.name)])))
    }
    pairs += [
      ("streamable", .string("0")), ("image", images(album.coverID, .throughExtralarge)),
      ("mbid", .string(track.mbid)), ("album", .object(["mbid": .string(album.mbid), "#text": .string(album.name)])),
      ("name", .string(track.name)), ("url", .string(LastFMURL.track(track.name, by: artist.name))),
    ]
    if !nowPlaying { pairs.append(("date", date(play.time))) }
    return .orderedObject(pairs)
  }

  private func cover(of play: DemoPlay) -> String { catalog.artist(at: play.artist).albums[play.album].coverID }

  private func date(_ time: Int) -> JSONValue {
    .object(["uts": .string(String(time)), "#text": .string(DemoDates.listingText(time))])
  }

  func rank(_ place: Int) -> JSONValue { .object(["rank": .string(String(place + 1))]) }

  private func listenerAttributes(_ paging: Paging, total: Int, user: DemoListener) -> JSONValue {
    .orderedObject([
      ("page", .string(String(paging.page))), ("total", .string(String(total))), ("user", .string(user.name)),
      ("perPage", .string(String(paging.limit))), ("totalPages", .string(String(paging.totalPages(of: total)))),
    ])
  }
}
