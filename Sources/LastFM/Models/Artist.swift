import FoundationEssentials

public struct Artist {
  public var name: String
  /// MusicBrainz id; nil when Last.fm sends none or `""`.
  public var mbid: String?
  public var url: URL
  public var listeners: Int?
  public var playcount: Int?
  public var images: ImageSet
  /// Tag names, most relevant first.
  public var tags: [String]
  /// Plain text (HTML and the "Read more on Last.fm" link removed); nil when empty.
  public var bioSummary: String?
  public var bioContent: String?
  /// Present only in `artist.getInfo` answers.
  public var similar: [SimilarArtist]?
  /// The listener's own plays of the artist: `stats.userplaycount` when `artist.getInfo` names a `username`.
  public var userPlaycount: Int?

  public init(
    name: String, mbid: String? = nil, url: URL, listeners: Int? = nil, playcount: Int? = nil,
    images: ImageSet = .empty, tags: [String] = [], bioSummary: String? = nil, bioContent: String? = nil,
    similar: [SimilarArtist]? = nil
  ) {
    self.name = name
    self.mbid = mbid
    self.url = url
    self.listeners = listeners
    self.playcount = playcount
    self.images = images
    self.tags = tags
    self.bioSummary = bioSummary
    self.bioContent = bioContent
    self.similar = similar
  }
}

public struct SimilarArtist {
  public var name: String
  public var mbid: String?
  /// Similarity, 0…1 (1 = most similar).
  public var match: Double
  public var images: ImageSet
  public var url: URL

  public init(name: String, mbid: String? = nil, match: Double, images: ImageSet = .empty, url: URL) {
    self.name = name
    self.mbid = mbid
    self.match = match
    self.images = images
    self.url = url
  }
}

extension Artist: Sendable, Equatable {}
extension SimilarArtist: Sendable, Equatable {}
