import FoundationEssentials

/// The browser's own view of the music catalog, independent of any wire format:
/// the store adapters (Last.fm client, demo catalog, offline cache) translate into these.
struct ArtistSummary: Codable, Equatable {
  /// 1-based position in the list it came from (chart rank, search relevance).
  var rank: Int
  var name: String
  var mbid: String?
  var listeners: Int?
  var playCount: Int?
  var imageURL: URL?

  init(
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

struct ArtistDetails: Codable, Equatable {
  var name: String
  var listeners: Int?
  var playCount: Int?
  var tags: [String]
  /// May contain HTML (Last.fm appends a "Read more" link); presenters strip it.
  var bioSummary: String
  var imageURL: URL?

  init(
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

struct AlbumSummary: Codable, Equatable {
  var rank: Int
  var name: String
  var artist: String
  var playCount: Int?
  var imageURL: URL?

  init(rank: Int, name: String, artist: String, playCount: Int? = nil, imageURL: URL? = nil) {
    self.rank = rank
    self.name = name
    self.artist = artist
    self.playCount = playCount
    self.imageURL = imageURL
  }
}

struct TrackSummary: Codable, Equatable {
  var number: Int
  var name: String
  /// Seconds; nil when the catalog doesn't know (Last.fm sends 0 or nothing).
  var duration: Int?

  init(number: Int, name: String, duration: Int? = nil) {
    self.number = number
    self.name = name
    self.duration = duration
  }
}

struct AlbumDetails: Codable, Equatable {
  var name: String
  var artist: String
  var listeners: Int?
  var playCount: Int?
  var tracks: [TrackSummary]
  var imageURL: URL?

  init(
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

struct SimilarArtist: Codable, Equatable {
  var name: String
  /// 0...1 as Last.fm reports it.
  var match: Double
  var imageURL: URL?

  init(name: String, match: Double, imageURL: URL? = nil) {
    self.name = name
    self.match = match
    self.imageURL = imageURL
  }
}

/// One page of a paged list (chart, search).
struct Page<Item> {
  var items: [Item]
  /// 1-based.
  var number: Int
  var totalPages: Int

  init(items: [Item], number: Int, totalPages: Int) {
    self.items = items
    self.number = number
    self.totalPages = totalPages
  }

  var hasMore: Bool { number < totalPages }
}

extension ArtistSummary: Sendable {}
extension ArtistDetails: Sendable {}
extension AlbumSummary: Sendable {}
extension TrackSummary: Sendable {}
extension AlbumDetails: Sendable {}
extension SimilarArtist: Sendable {}
extension Page: Sendable where Item: Sendable {}
extension Page: Equatable where Item: Equatable {}
