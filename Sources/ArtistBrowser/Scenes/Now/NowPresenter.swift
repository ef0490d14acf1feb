import FoundationEssentials

@MainActor
protocol NowPresentationLogic: AnyObject {
  func presentNowPlaying(response: Now.FetchNowPlaying.Response)
}

@MainActor
final class NowPresenter: NowPresentationLogic {
  weak var viewController: (any NowDisplayLogic)?
  static let nameColumns = 60
  /// No listening for this long shows the idle line.
  static let idleAfter: TimeInterval = 86_400

  init(viewController: (any NowDisplayLogic)? = nil) {
    self.viewController = viewController
  }

  func presentNowPlaying(response: Now.FetchNowPlaying.Response) {
    let errorMessage = response.error.map(ErrorMessage.text(for:))
    let track = response.plays.first
    let clean = { (text: String) in DisplayFormat.clean(text, columns: Self.nameColumns) }
    viewController?.displayNowPlaying(
      viewModel: .init(
        title: "Now — " + clean(response.user),
        headline: track.map { clean("\($0.artist) — \($0.name)") } ?? "",
        album: track?.album.map(clean) ?? "",
        when: Self.when(track, now: response.now, user: clean(response.user)),
        earlier: response.plays.dropFirst().map { play in
          clean("\(play.artist) — \(play.name)") + (play.date.map { "  " + Self.ago($0, now: response.now) } ?? "")
        },
        imageURL: track?.imageURL, errorMessage: errorMessage,
        status: StatusLine(source: response.source, isStale: response.isStale, error: errorMessage)))
  }

  static func when(_ track: TrackPlay?, now: Date, user: String) -> String {
    guard let track else { return "\(user) has scrobbled nothing" }
    if track.isNowPlaying { return "▶ playing now" }
    guard let date = track.date else { return "" }
    if now.timeIntervalSince(date) >= idleAfter {
      return "nothing played for a day: last played " + ago(date, now: now)
    }
    return "last played " + ago(date, now: now)
  }

  /// As the listener's page says it within a day; past it, in days (a date says less on a screen about now).
  static func ago(_ date: Date, now: Date) -> String {
    let seconds = Int(now.timeIntervalSince(date))
    return seconds < 86_400 ? ListeningTime.relative(date, now: now) : "\(seconds / 86_400) days ago"
  }
}
