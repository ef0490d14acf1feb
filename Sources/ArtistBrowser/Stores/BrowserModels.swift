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
}

struct ArtistDetails: Codable, Equatable {
  var name: String
  var listeners: Int?
  var playCount: Int?
  var tags: [String] = []
  /// May contain HTML (Last.fm appends a "Read more" link); presenters strip it.
  var bioSummary = ""
  var imageURL: URL?
}

struct AlbumSummary: Codable, Equatable {
  var rank: Int
  var name: String
  var artist: String
  var playCount: Int?
  var imageURL: URL?
}

struct TrackSummary: Codable, Equatable {
  var number: Int
  var name: String
  /// Seconds; nil when the catalog doesn't know (Last.fm sends 0 or nothing).
  var duration: Int?
}

struct AlbumDetails: Codable, Equatable {
  var name: String
  var artist: String
  var listeners: Int?
  var playCount: Int?
  var tracks: [TrackSummary] = []
  var imageURL: URL?
}

struct SimilarArtist: Codable, Equatable {
  var name: String
  /// 0...1 as Last.fm reports it.
  var match: Double
  var imageURL: URL?
}

/// One page of a paged list (chart, search).
struct Page<Item> {
  var items: [Item]
  /// 1-based.
  var number: Int
  var totalPages: Int

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
