import FoundationEssentials

/// The Now screen: what a listener plays, followed live.
enum Now {
  enum FetchNowPlaying {
    struct Request {
      /// A poll or `r`: past the metadata cache, so the new track is seen.
      var refresh = false
    }

    struct Response {
      var user: String
      /// The playing track or the last scrobble first, then the few before it.
      var plays: [TrackPlay]
      var source: DataSource?
      var isStale: Bool
      var error: StoreError?
      /// When asked, for "last played 12 min ago".
      var now: Date
    }

    struct ViewModel: Equatable {
      var title: String
      /// `Artist — Track`; empty when the listener has scrobbled nothing.
      var headline: String
      var album: String
      /// `playing now`, `last played 12 min ago`, or the idle line.
      var when: String
      var earlier: [String]
      var imageURL: URL?
      /// Shown in the page when there is nothing else to show; otherwise on the status line.
      var errorMessage: String?
      var status: StatusLine
    }
  }

  /// How often the screen polls: every 10 s while something plays, every 30 s while nothing does, or the
  /// `--interval` chosen (2 s at least).
  struct Pacing: Equatable {
    static let playing = 10
    static let idle = 30
    static let minimum = 2
    var fixed: Int?

    func seconds(playing isPlaying: Bool) -> Int { fixed ?? (isPlaying ? Self.playing : Self.idle) }
  }
}
