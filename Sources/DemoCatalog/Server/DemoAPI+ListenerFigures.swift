/// `track.getInfo` and `artist.getInfo` with `username`: the listener's own figures, counted from their history
/// at the server's `now` as their charts are, in Last.fm's shape (`userplaycount` and `userloved` on the track,
/// `stats.userplaycount` on the artist, numbers as strings). An unknown or private listener adds nothing, so the
/// answer is the plain one and hides nobody's listening.
extension DemoAPI {
  /// The listener named by `username`, with their overall plays per track and the keys of the tracks they love.
  struct ListenerFigures {
    let counts: [Int: Int]
    let loved: Set<Int>

    /// Plays of the track `trackKey`.
    func plays(ofTrack trackKey: Int) -> Int { counts[trackKey] ?? 0 }

    /// Plays of every track of the artist at chart place `place`.
    func plays(ofArtistAt place: Int) -> Int {
      counts.reduce(0) { total, entry in entry.key >> 24 == place ? total + entry.value : total }
    }
  }

  func listenerFigures(_ query: Query) -> ListenerFigures? {
    guard let name = query.parameters["username"], let listener = DemoListener.named(name), !listener.isPrivate
    else { return nil }
    let history = catalog.history(of: listener)
    return ListenerFigures(
      counts: history.trackCounts(overLast: nil, now: now), loved: history.lovedKeys(by: history.cut(at: now)))
  }

  /// `userplaycount` and `userloved`, as `track.getInfo` adds them after the track's own fields.
  func listenerTrackFields(_ query: Query, trackKey: Int?) -> [(String, JSONValue)] {
    guard let trackKey, let figures = listenerFigures(query) else { return [] }
    return [
      ("userplaycount", .string(String(figures.plays(ofTrack: trackKey)))),
      ("userloved", .string(figures.loved.contains(trackKey) ? "1" : "0")),
    ]
  }

  /// `userplaycount`, as `artist.getInfo` adds it to `stats`.
  func listenerArtistFields(_ query: Query, artistPlace place: Int?) -> [(String, JSONValue)] {
    guard let place, let figures = listenerFigures(query) else { return [] }
    return [("userplaycount", .string(String(figures.plays(ofArtistAt: place))))]
  }
}
