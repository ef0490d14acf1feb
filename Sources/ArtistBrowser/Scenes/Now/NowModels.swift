import FoundationEssentials
import LastFM

/// The Now screen: what a listener plays, followed live.
enum Now {
  enum FetchNowPlaying {
    struct Request {
      /// A poll or `r`: past the metadata cache, so the new track is seen.
      var refresh = false
    }

    /// Everything known so far: the answer of the last poll, then the track's facts and the week as they arrive
    /// (each arrival is presented again, with what came before it).
    struct Response {
      var user: String
      /// The playing track or the last scrobble first, then the few before it.
      var plays: [TrackPlay]
      var source: DataSource?
      var isStale: Bool
      var error: StoreError?
      /// When asked, for "last played 12 min ago".
      var now: Date
      /// The listener's figures for the track shown; nil until they arrive (or when they could not be had).
      var trackFacts: ListenerTrackFacts?
      var artistFacts: ListenerArtistFacts?
      /// The listener's week, asked for on the idle screen only.
      var week: Week?
    }

    struct ViewModel: Equatable {
      var title: String
      /// `Artist — Track`; empty when the listener has scrobbled nothing.
      var headline: String
      var album: String
      /// `playing now`, `last played 12 min ago`, or the idle line; ` · ♥ loved` after it when loved.
      var when: String
      /// "12 plays of this track · 340 of Artist"; empty until known.
      var playCounts: String
      /// "tags: dream pop · shoegaze"; empty until known or when the artist has none.
      var tags: String
      var earlier: [EarlierPlay]
      var imageURL: URL?
      /// Set on the idle screen: the listener's week in place of the cover.
      var week: WeekSummary?
      /// Shown in the page when there is nothing else to show; otherwise on the status line.
      var errorMessage: String?
      var status: StatusLine
    }

    /// A track played before the one shown, with its small cover.
    struct EarlierPlay: Equatable {
      var text: String
      var imageURL: URL?
    }

    /// The idle screen's week: "312 scrobbles in the last 7 days" and the top albums as a small wall.
    struct WeekSummary: Equatable {
      var scrobbles: String
      /// "Top albums, last 7 days" (or of the period the albums are from).
      var albumsTitle: String
      var albums: [WallTile]
    }
  }

  /// The listener's week, for the idle screen: their scrobbles of the last 7 days, and their top albums of the
  /// shortest period that has any (a listener idle for over a week has none in the last 7 days).
  struct Week: Equatable, Sendable {
    var scrobbles: Int?
    var albumsPeriod: ListeningPeriod
    var albums: [AlbumSummary]
  }

  /// How often the screen polls: `imgcache now --follow`'s rule (every 10 s while something plays, every 30 s
  /// while nothing does, or the `--interval` chosen, 2 s at least).
  typealias Pacing = PollInterval
}
