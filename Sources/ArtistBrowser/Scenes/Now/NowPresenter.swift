import FoundationEssentials
import LastFM

@MainActor
protocol NowPresentationLogic: AnyObject {
  func presentNowPlaying(response: Now.FetchNowPlaying.Response)
}

final class NowPresenter: ScenePresenter<any NowDisplayLogic>, NowPresentationLogic {
  static let nameColumns = 60
  /// No listening for this long shows the idle screen.
  static let idleAfter: TimeInterval = 86_400
  /// Tags shown after the track's facts: the artist's most used.
  static let shownTags = 4

  func presentNowPlaying(response: Now.FetchNowPlaying.Response) {
    let errorMessage = response.error.map(ErrorMessage.text(for:))
    let track = response.plays.first
    let clean = { (text: String) in DisplayFormat.clean(text, columns: Self.nameColumns) }
    let loved = response.trackFacts?.loved ?? track?.loved ?? false
    let idle = NowInteractor.isIdle(track, now: response.now)
    viewController?.displayNowPlaying(
      viewModel: .init(
        title: "Now — " + clean(response.user),
        headline: track.map { clean("\($0.artist) — \($0.name)") } ?? "",
        album: track?.album.map(clean) ?? "",
        when: Self.when(track, now: response.now, user: clean(response.user)) + (loved ? " · ♥ loved" : ""),
        playCounts: idle ? "" : Self.playCounts(track: response.trackFacts, artist: response.artistFacts),
        tags: idle ? "" : Self.tags(response.artistFacts),
        earlier: response.plays.dropFirst().map { play in
          .init(
            text: clean("\(play.artist) — \(play.name)")
              + (play.date.map { "  " + Self.ago($0, now: response.now) } ?? ""),
            imageURL: play.imageURL)
        },
        imageURL: track?.imageURL, week: idle ? Self.week(response.week) : nil, errorMessage: errorMessage,
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

  /// "12 plays of this track · 340 of the artist", with what is known of it; empty before either arrives.
  static func playCounts(track: ListenerTrackFacts?, artist: ListenerArtistFacts?) -> String {
    let plays = { (count: Int) in count == 1 ? "1 play" : "\(count) plays" }
    switch (track?.playCount, artist?.playCount) {
    case (let track?, let artist?): return "\(plays(track)) of this track · \(artist) of the artist"
    case (let track?, nil): return "\(plays(track)) of this track"
    case (nil, let artist?): return "\(plays(artist)) of the artist"
    case (nil, nil): return ""
    }
  }

  static func tags(_ artist: ListenerArtistFacts?) -> String {
    let tags = (artist?.tags ?? []).prefix(shownTags).map { DisplayFormat.clean($0, columns: 24) }
    return tags.isEmpty ? "" : "tags: " + tags.joined(separator: " · ")
  }

  /// The idle screen's week; "the week…" while it is on its way.
  static func week(_ week: Now.Week?) -> Now.FetchNowPlaying.WeekSummary {
    guard let week else { return .init(scrobbles: "the week…", albumsTitle: "", albums: []) }
    let scrobbles = week.scrobbles.map { $0 == 1 ? "1 scrobble" : "\($0) scrobbles" } ?? "scrobbles unknown"
    return .init(
      scrobbles: scrobbles + " in the last 7 days",
      albumsTitle: week.albums.isEmpty ? "no albums played yet" : "Top albums, \(week.albumsPeriod.label)",
      albums: week.albums.map { album in
        WallTile(
          imageURL: album.imageURL, title: album.name,
          subtitle: DisplayFormat.counted(album.playCount, "play", "plays"))
      })
  }
}
