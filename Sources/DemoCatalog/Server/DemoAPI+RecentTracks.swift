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
    // The list is written straight as bytes: a page is 200 scrobbles of a dozen members each.
    var list: [UInt8] = [UInt8(ascii: "[")]
    list.reserveCapacity((plays.count + 1) * 1_500)
    if paging.page == 1, window.reachesPresent(now: now), let playing = history.nowPlaying(at: now) {
      writeScrobble(playing, extended: extended, loved: loved, nowPlaying: true, to: &list)
    }
    for play in plays.reversed() {
      if list.count > 1 { list.append(UInt8(ascii: ",")) }
      writeScrobble(play, extended: extended, loved: loved, nowPlaying: false, to: &list)
    }
    list.append(UInt8(ascii: "]"))
    return .object([
      "recenttracks": .object([
        "track": .written(list), "@attr": listenerAttributes(paging, total: ordinals.count, user: listener),
      ])
    ])
  }

  /// One scrobble in Last.fm's order of members: `@attr` for the playing track, the artist, `loved` with
  /// `extended=1`, the track's own members, and the date unless it is playing.
  private func writeScrobble(
    _ play: DemoPlay, extended: Bool, loved: Set<Int>, nowPlaying: Bool, to output: inout [UInt8]
  ) {
    let track = fragments(of: play)
    output.append(contentsOf: nowPlaying ? #"{"@attr":{"nowplaying":"true"},"artist":"#.utf8 : #"{"artist":"#.utf8)
    if extended {
      output.append(contentsOf: track.extendedArtist)
      output.append(contentsOf: loved.contains(play.trackKey) ? #","loved":"1""#.utf8 : #","loved":"0""#.utf8)
    } else {
      output.append(contentsOf: track.artist)
    }
    output.append(contentsOf: track.trackMembers)
    if !nowPlaying {
      output.append(contentsOf: #","date":{"uts":""#.utf8)
      output.append(contentsOf: String(play.time).utf8)
      output.append(contentsOf: ##"","#text":""##.utf8)
      DemoDates.writeListingText(play.time, to: &output)
      output.append(contentsOf: #""}"#.utf8)
    }
    output.append(UInt8(ascii: "}"))
  }
}
