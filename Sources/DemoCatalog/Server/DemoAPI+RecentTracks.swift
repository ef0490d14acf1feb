/// `user.getRecentTracks`: a window of a listener's scrobbles, newest first, a page at a time, in Last.fm's shape
/// (numbers as strings, `nowplaying` without a date, the artist as `{"#text": …}` unless `extended=1`).
extension DemoAPI {
  /// The playing track comes first on page 1, beyond `limit`, as Last.fm sends it, while the window reaches the
  /// present; `total` counts the window's scrobbles without it.
  func recentTracks(_ query: Query) throws(Failure) -> JSONValue {
    let listener = try findListener(query, listening: true)
    let window = try query.scrobbleWindow()
    let asked = try query.paging(defaultLimit: 50)
    let paging = Paging(page: asked.page, limit: min(asked.limit, Query.recentTracksLimit))
    let extended = query.parameters["extended"] == "1"
    let history = catalog.history(of: listener)
    let ordinals = history.ordinals(in: window, now: now)
    // Page places count from the newest; ordinals from the oldest.
    let places = paging.range(among: ordinals.count)
    let plays = history.plays(
      ordinals: (ordinals.upperBound - places.upperBound)..<(ordinals.upperBound - places.lowerBound))
    let loved = extended ? history.lovedKeys(by: history.cut(at: now)) : []
    var entries: [JSONValue] = []
    entries.reserveCapacity(plays.count + 1)
    if paging.page == 1, window.reachesPresent(now: now), let playing = history.nowPlaying(at: now) {
      entries.append(scrobble(playing, extended: extended, loved: loved, nowPlaying: true))
    }
    for play in plays.reversed() { entries.append(scrobble(play, extended: extended, loved: loved, nowPlaying: false)) }
    return .object([
      "recenttracks": .object([
        "track": .array(entries), "@attr": listenerAttributes(paging, total: ordinals.count, user: listener),
      ])
    ])
  }

  private func scrobble(_ play: DemoPlay, extended: Bool, loved: Set<Int>, nowPlaying: Bool) -> JSONValue {
    let track = fragments(of: play)
    var pairs: [(String, JSONValue)] = []
    pairs.reserveCapacity(11)
    if nowPlaying { pairs.append(("@attr", .object(["nowplaying": .string("true")]))) }
    if extended {
      pairs.append(("artist", track.extendedArtist))
      pairs.append(("loved", .string(loved.contains(play.trackKey) ? "1" : "0")))
    } else {
      pairs.append(("artist", track.artist))
    }
    pairs += [
      ("streamable", .string("0")), ("image", track.images), ("mbid", track.mbid), ("album", track.album),
      ("name", track.name), ("url", track.url),
    ]
    if !nowPlaying { pairs.append(("date", date(play.time))) }
    return .orderedObject(pairs)
  }
}
