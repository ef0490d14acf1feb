/// Windows of time as ranges of ordinals, and the tracks behind the keys the counts use.
extension ListenerHistory {
  /// The time up to which plays have reached Last.fm at `now`: a scrobble shows once its track ended by then.
  func cut(at now: Int) -> Int { now - listener.rhythm.scrobbleDelay }

  /// The ordinals of the scrobbles shown at `now` whose start is in `window` (both bounds in), oldest first.
  /// Bounds past the present are the present, so no request indexes days that have not come.
  func ordinals(in window: ScrobbleWindow, now: Int) -> Range<Int> {
    let shown = scrobbleCount(at: now)
    let cut = cut(at: now)
    let lower = window.from.map { $0 > cut ? shown : min(shown, countStarting(before: $0)) } ?? 0
    let upper = window.to.map { $0 >= cut ? shown : min(shown, countStarting(before: $0 + 1)) } ?? shown
    return lower..<max(lower, upper)
  }

  /// The scrobbles shown at `now` from the last `seconds` (all of them without), by track.
  func trackCounts(overLast seconds: Int?, now: Int) -> [Int: Int] {
    let shown = scrobbleCount(at: now)
    guard let seconds else { return trackCounts(firstScrobbles: shown) }
    let since = now - seconds + 1
    return trackCounts(ordinals: min(shown, countStarting(before: since))..<shown)
  }
}

extension DemoPlay {
  /// The artist's chart place, the album's and the track's indices behind a `trackKey`.
  static func parts(of trackKey: Int) -> (artist: Int, album: Int, track: Int) {
    (trackKey >> 24, trackKey >> 12 & 0xFFF, trackKey & 0xFFF)
  }
}
