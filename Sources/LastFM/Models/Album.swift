import FoundationEssentials

public struct Album {
  public var name: String
  /// The artist's name.
  public var artist: String
  public var mbid: String?
  public var url: URL
  public var playcount: Int?
  public var listeners: Int?
  public var images: ImageSet
  /// Empty in `artist.getTopAlbums` answers and for albums Last.fm has no track list for.
  public var tracks: [Track]
  public var tags: [String]
  /// Plain-text wiki, when `album.getInfo` has one.
  public var wikiSummary: String?
  public var wikiContent: String?

  public init(
    name: String, artist: String, mbid: String? = nil, url: URL, playcount: Int? = nil, listeners: Int? = nil,
    images: ImageSet = .empty, tracks: [Track] = [], tags: [String] = [], wikiSummary: String? = nil,
    wikiContent: String? = nil
  ) {
    self.name = name
    self.artist = artist
    self.mbid = mbid
    self.url = url
    self.playcount = playcount
    self.listeners = listeners
    self.images = images
    self.tracks = tracks
    self.tags = tags
    self.wikiSummary = wikiSummary
    self.wikiContent = wikiContent
  }
}

public struct Track {
  public var name: String
  /// Seconds; nil when unknown (Last.fm sends `null` or `0`).
  public var duration: Int?
  /// Position on the album or in a chart, from `@attr.rank`.
  public var rank: Int?
  public var url: URL
  /// Present in `artist.getTopTracks` answers.
  public var playcount: Int?
  public var listeners: Int?
  /// Set in a listener's top tracks, which mix artists; nil where the artist is the page's own.
  public var artist: String?

  public init(
    name: String, duration: Int? = nil, rank: Int? = nil, url: URL, playcount: Int? = nil, listeners: Int? = nil,
    artist: String? = nil
  ) {
    self.name = name
    self.duration = duration
    self.rank = rank
    self.url = url
    self.playcount = playcount
    self.listeners = listeners
    self.artist = artist
  }
}

extension Album: Sendable, Equatable {}
extension Track: Sendable, Equatable {}
