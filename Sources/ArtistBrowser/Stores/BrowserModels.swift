import FoundationEssentials

/// The browser's own view of the music catalog, independent of any wire format:
/// the store adapters (Last.fm client, demo catalog, offline cache) translate into these.
public struct ArtistSummary: Codable, Equatable {
  /// 1-based position in the list it came from (chart rank, search relevance).
  public var rank: Int
  public var name: String
  public var mbid: String?
  public var listeners: Int?
  public var playCount: Int?
  public var imageURL: URL?

  public init(
    rank: Int, name: String, mbid: String? = nil, listeners: Int? = nil, playCount: Int? = nil, imageURL: URL? = nil
  ) {
    self.rank = rank
    self.name = name
    self.mbid = mbid
    self.listeners = listeners
    self.playCount = playCount
    self.imageURL = imageURL
  }
}

public struct ArtistDetails: Codable, Equatable {
  public var name: String
  public var listeners: Int?
  public var playCount: Int?
  public var tags: [String]
  /// May contain HTML (Last.fm appends a "Read more" link); presenters strip it.
  public var bioSummary: String
  public var imageURL: URL?

  public init(
    name: String, listeners: Int? = nil, playCount: Int? = nil, tags: [String] = [], bioSummary: String = "",
    imageURL: URL? = nil
  ) {
    self.name = name
    self.listeners = listeners
    self.playCount = playCount
    self.tags = tags
    self.bioSummary = bioSummary
    self.imageURL = imageURL
  }
}

public struct AlbumSummary: Codable, Equatable {
  public var rank: Int
  public var name: String
  public var artist: String
  public var playCount: Int?
  public var imageURL: URL?

  public init(rank: Int, name: String, artist: String, playCount: Int? = nil, imageURL: URL? = nil) {
    self.rank = rank
    self.name = name
    self.artist = artist
    self.playCount = playCount
    self.imageURL = imageURL
  }
}

public struct TrackSummary: Codable, Equatable {
  public var number: Int
  public var name: String
  /// Seconds; nil when the catalog doesn't know (Last.fm sends 0 or nothing).
  public var duration: Int?

  public init(number: Int, name: String, duration: Int? = nil) {
    self.number = number
    self.name = name
    self.duration = duration
  }
}

public struct AlbumDetails: Codable, Equatable {
  public var name: String
  public var artist: String
  public var listeners: Int?
  public var playCount: Int?
  public var tracks: [TrackSummary]
  public var imageURL: URL?

  public init(
    name: String, artist: String, listeners: Int? = nil, playCount: Int? = nil, tracks: [TrackSummary] = [],
    imageURL: URL? = nil
  ) {
    self.name = name
    self.artist = artist
    self.listeners = listeners
    self.playCount = playCount
    self.tracks = tracks
    self.imageURL = imageURL
  }
}

public struct SimilarArtist: Codable, Equatable {
  public var name: String
  /// 0...1 as Last.fm reports it.
  public var match: Double
  public var imageURL: URL?

  public init(name: String, match: Double, imageURL: URL? = nil) {
    self.name = name
    self.match = match
    self.imageURL = imageURL
  }
}

/// One page of a paged list (chart, search).
public struct Page<Item> {
  public var items: [Item]
  /// 1-based.
  public var number: Int
  public var totalPages: Int

  public init(items: [Item], number: Int, totalPages: Int) {
    self.items = items
    self.number = number
    self.totalPages = totalPages
  }

  public var hasMore: Bool { number < totalPages }
}

extension ArtistSummary: Sendable {}
extension ArtistDetails: Sendable {}
extension AlbumSummary: Sendable {}
extension TrackSummary: Sendable {}
extension AlbumDetails: Sendable {}
extension SimilarArtist: Sendable {}
extension Page: Sendable where Item: Sendable {}
extension Page: Equatable where Item: Equatable {}
