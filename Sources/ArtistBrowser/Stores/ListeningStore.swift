import FoundationEssentials

/// Read access to listeners (`user.*`), tags (`tag.*`) and an artist's top tracks. Kept apart from `ArtistsStore`
/// so the catalogs that have no listeners (the in-memory one, test fakes) need not pretend to. Implementations
/// throw `StoreError`.
protocol ListeningStore: ListenerFactsReading {
  func listenerProfile(user: String, policy: CachePolicy) async throws -> StoreResult<ListenerSummary>
  /// The track playing now, if any, first.
  func recentTracks(user: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<TrackPlay>>
  func lovedTracks(user: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<TrackPlay>>
  func listenerTopArtists(user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy)
    async throws -> StoreResult<Page<ArtistSummary>>
  func listenerTopAlbums(user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy)
    async throws -> StoreResult<Page<AlbumSummary>>
  func listenerTopTracks(user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy)
    async throws -> StoreResult<Page<TrackChartEntry>>
  func tagInfo(tag: String, policy: CachePolicy) async throws -> StoreResult<TagSummary>
  func tagTopArtists(tag: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<ArtistSummary>>
  func tagTopAlbums(tag: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<AlbumSummary>>
  func artistTopTracks(artist: String, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<[TrackChartEntry]>
  /// The album a track is on (`track.getInfo`); nil when the catalog names none.
  func trackAlbum(artist: String, track: String, policy: CachePolicy) async throws -> StoreResult<TrackAlbum?>
}

/// A listener's public profile.
struct ListenerSummary: Codable, Equatable, Sendable {
  var name: String
  var realName: String?
  /// Scrobbles in all.
  var playCount: Int?
  var registered: Date?
  var country: String?
  var imageURL: URL?
}

/// A track a listener played (recent tracks) or loved: when, and on which album when the catalog says.
struct TrackPlay: Codable, Equatable, Sendable {
  var name: String
  var artist: String
  var album: String?
  var imageURL: URL?
  /// When it was played or loved; nil for the track playing now.
  var date: Date?
  var isNowPlaying = false
  /// Whether the listener loves it, where the answer says (recent tracks with `extended=1`).
  var loved: Bool? = nil
}

/// A track in a chart (a listener's top tracks, an artist's).
struct TrackChartEntry: Codable, Equatable, Sendable {
  var rank: Int
  var name: String
  var artist: String
  var playCount: Int?
  var listeners: Int?
}

/// The album a track is on, as `track.getInfo` names it.
struct TrackAlbum: Codable, Equatable, Sendable {
  var name: String
  var artist: String
  var imageURL: URL?
}

/// A tag's description.
struct TagSummary: Codable, Equatable, Sendable {
  var name: String
  /// How many people use the tag.
  var reach: Int?
  /// How often it was applied.
  var total: Int?
  /// May contain HTML (a "Read more" link); presenters strip it.
  var summary = ""
}

/// The listening store of a catalog without listeners or tags: every call says so.
struct NoListeningStore: ListeningStore {
  static let failure = StoreError.unavailable("this catalog has no listeners or tags")

  func listenerProfile(user: String, policy: CachePolicy) async throws -> StoreResult<ListenerSummary> {
    throw Self.failure
  }

  func recentTracks(user: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<TrackPlay>>
  { throw Self.failure }

  func lovedTracks(user: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<TrackPlay>>
  { throw Self.failure }

  func listenerTopArtists(user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy)
    async throws -> StoreResult<Page<ArtistSummary>>
  { throw Self.failure }

  func listenerTopAlbums(user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy)
    async throws -> StoreResult<Page<AlbumSummary>>
  { throw Self.failure }

  func listenerTopTracks(user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy)
    async throws -> StoreResult<Page<TrackChartEntry>>
  { throw Self.failure }

  func tagInfo(tag: String, policy: CachePolicy) async throws -> StoreResult<TagSummary> { throw Self.failure }

  func tagTopArtists(tag: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<ArtistSummary>>
  { throw Self.failure }

  func tagTopAlbums(tag: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<AlbumSummary>>
  { throw Self.failure }

  func artistTopTracks(artist: String, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<[TrackChartEntry]>
  { throw Self.failure }

  func trackAlbum(artist: String, track: String, policy: CachePolicy) async throws -> StoreResult<TrackAlbum?> {
    throw Self.failure
  }
}
