import FoundationEssentials

/// A Last.fm user's public profile (`user.getInfo`).
public struct ListenerProfile {
  public var name: String
  /// Only when the user gave one; Last.fm sends `""` otherwise.
  public var realName: String?
  /// Scrobbles in all.
  public var playcount: Int?
  public var registered: Date?
  public var country: String?
  public var url: URL
  /// Empty when the user has no picture (the placeholder star is filtered out, as everywhere).
  public var images: ImageSet

  public init(
    name: String, realName: String? = nil, playcount: Int? = nil, registered: Date? = nil, country: String? = nil,
    url: URL, images: ImageSet = .empty
  ) {
    self.name = name
    self.realName = realName
    self.playcount = playcount
    self.registered = registered
    self.country = country
    self.url = url
    self.images = images
  }
}

/// One row of `user.getRecentTracks` or `user.getLovedTracks`: a track with the artist, and when it was played
/// (or loved). Loved tracks come without an album.
public struct Scrobble {
  public var name: String
  public var artist: String
  public var album: String?
  public var url: URL
  /// The album's cover in recent tracks; Last.fm's placeholder star is filtered out.
  public var images: ImageSet
  /// When it was scrobbled (or loved); nil for the track playing now, which has no date.
  public var date: Date?
  /// `"@attr": {"nowplaying": "true"}`: the listener is playing it now.
  public var isNowPlaying: Bool
  /// `date.uts` as Last.fm sent it, whole seconds since 1970 (UTC): the archive keys plays by it.
  public var timestamp: Int?
  /// `extended=1` flags loved tracks (`"loved": "1"`); nil when the answer does not say.
  public var loved: Bool?

  public init(
    name: String, artist: String, album: String? = nil, url: URL, images: ImageSet = .empty, date: Date? = nil,
    isNowPlaying: Bool = false, timestamp: Int? = nil, loved: Bool? = nil
  ) {
    self.name = name
    self.artist = artist
    self.album = album
    self.url = url
    self.images = images
    self.date = date
    self.isNowPlaying = isNowPlaying
    self.timestamp = timestamp ?? date.map { Int($0.timeIntervalSince1970) }
    self.loved = loved
  }
}

/// The periods Last.fm's user charts cover, in the order `p` cycles through them.
public enum ChartPeriod: String, CaseIterable, Codable {
  case week = "7day"
  case month = "1month"
  case quarter = "3month"
  case halfYear = "6month"
  case year = "12month"
  case overall

  /// How the browser and `--help` name it.
  public var label: String {
    switch self {
    case .week: "last 7 days"
    case .month: "last month"
    case .quarter: "last 3 months"
    case .halfYear: "last 6 months"
    case .year: "last 12 months"
    case .overall: "all time"
    }
  }

  /// The next period, wrapping from `overall` back to a week.
  public var next: ChartPeriod {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}

/// A tag (genre) as `tag.getInfo` describes it.
public struct TagInfo {
  public var name: String
  /// How many people used the tag, and how often it was applied.
  public var reach: Int?
  public var total: Int?
  /// Plain text, sanitised like artist bios.
  public var summary: String?
  public var content: String?

  public init(name: String, reach: Int? = nil, total: Int? = nil, summary: String? = nil, content: String? = nil) {
    self.name = name
    self.reach = reach
    self.total = total
    self.summary = summary
    self.content = content
  }
}

extension ListenerProfile: Sendable, Equatable {}
extension Scrobble: Sendable, Equatable {}
extension ChartPeriod: Sendable {}
extension TagInfo: Sendable, Equatable {}
