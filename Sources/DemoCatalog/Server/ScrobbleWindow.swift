import ImageCacheSupport

/// The `from` and `to` of `user.getRecentTracks`, in unix seconds (UTC).
///
/// Last.fm's documentation says "only display scrobbles after" `from` and "before" `to` without saying whether the
/// bounds themselves are in; the demo counts both in (`from <= time <= to`). A client that resumes at the time of
/// the newest scrobble it kept so gets that second again, with any second play of the same second, and drops what it
/// already has, instead of losing a play that shares its second with the newest kept one.
struct ScrobbleWindow: Equatable {
  var from: Int?
  var to: Int?

  static let everything = ScrobbleWindow()

  func contains(_ time: Int) -> Bool {
    (from.map { time >= $0 } ?? true) && (to.map { time <= $0 } ?? true)
  }

  /// Last.fm adds the playing track only while the window reaches the present.
  func reachesPresent(now: Int) -> Bool { to.map { $0 > now } ?? true }
}

extension Query {
  /// Last.fm's most scrobbles on one page of recent tracks: a larger `limit` gets 200.
  static let recentTracksLimit = 200

  /// `from` and `to` as whole seconds; anything else (words, fractions, numbers past 64 bits) is error 6, as any
  /// malformed parameter is on Last.fm. A negative bound is a time like any other: before every scrobble.
  func scrobbleWindow() throws(DemoAPI.Failure) -> ScrobbleWindow {
    ScrobbleWindow(from: try seconds("from"), to: try seconds("to"))
  }

  private func seconds(_ name: String) throws(DemoAPI.Failure) -> Int? {
    guard let text = parameters[name] else { return nil }
    let trimmed = text.trimmingWhitespace()
    // An empty value is what a client sends for "no bound".
    if trimmed.isEmpty { return nil }
    guard let value = Int(trimmed) else { throw .badTimestamp(name) }
    return value
  }
}

extension DemoAPI.Failure {
  static func badTimestamp(_ name: String) -> Self {
    Self(code: 6, message: "Invalid parameters - \(name) must be a unix timestamp")
  }
}

extension ScrobbleWindow: Sendable {}
