/// What a listener plays now, read from the newest few of their recent tracks: the track their player says is
/// playing, else their last scrobble, with the few played before it.
public struct NowPlaying {
  /// How the newest track stands, by its age at the time asked.
  public enum State: String {
    /// The player says it is playing (`nowplaying`).
    case playing
    /// No now-playing, but a scrobble within the last hour: "last played 12 min ago".
    case recent
    /// The last scrobble is more than an hour old (and no more than a day).
    case quiet
    /// Nothing for a day, or no scrobble at all: the Now screen shows the listener's week instead.
    case idle
  }

  /// A scrobble younger than this counts as something played "in the last hour".
  public static let recentWindow = 3600
  /// No listening for this long shows the idle screen.
  public static let idleAfter = 86_400

  /// The playing track, else the newest scrobble; nil when the listener has scrobbled nothing.
  public var track: Scrobble?
  /// The tracks played before `track`, newest first.
  public var earlier: [Scrobble]

  public init(track: Scrobble?, earlier: [Scrobble] = []) {
    self.track = track
    self.earlier = earlier
  }

  /// From a page of `user.getRecentTracks` (decoded with the playing track first).
  public init(recentTracks page: Page<Scrobble>) {
    self.init(track: page.items.first, earlier: Array(page.items.dropFirst()))
  }

  public var isPlaying: Bool { track?.isNowPlaying == true }

  /// Seconds since the last scrobble at `now` (Unix seconds); nil while playing or with no scrobble dated.
  public func secondsAgo(at now: Int) -> Int? {
    guard let track, !track.isNowPlaying, let time = track.timestamp else { return nil }
    return max(now - time, 0)
  }

  public func state(at now: Int) -> State {
    guard let track else { return .idle }
    if track.isNowPlaying { return .playing }
    guard let ago = secondsAgo(at: now) else { return .idle }
    return ago < Self.recentWindow ? .recent : ago < Self.idleAfter ? .quiet : .idle
  }

  /// What makes two answers the same track for a follower: the now-playing track by its names, a last scrobble
  /// by its names and time. A changed cover, a new earlier row or a later clock alone changes nothing.
  public var identity: Identity {
    guard let track else { return Identity(artist: "", track: "", album: "", playing: false, time: nil) }
    return Identity(
      artist: track.artist, track: track.name, album: track.album ?? "", playing: track.isNowPlaying,
      time: track.isNowPlaying ? nil : track.timestamp)
  }

  public struct Identity: Hashable, Sendable {
    public var artist: String
    public var track: String
    public var album: String
    public var playing: Bool
    public var time: Int?
  }
}

extension NowPlaying {
  /// How an age reads on a status line: `just now`, `12 min ago`, `5 h ago`, `3 days ago`.
  public static func agoText(_ seconds: Int) -> String {
    switch seconds {
    case ..<60: "just now"
    case ..<3600: "\(seconds / 60) min ago"
    case ..<86_400: "\(seconds / 3600) h ago"
    case ..<172_800: "1 day ago"
    default: "\(seconds / 86_400) days ago"
    }
  }
}

extension NowPlaying: Sendable, Equatable {}
extension NowPlaying.State: Sendable, Equatable {}
