import FoundationEssentials

/// What the Now screen adds to a track: the listener's own figures, each from one request made once per change
/// of track (`ListeningStore.listenerTrackFacts`, `listenerArtistFacts`), and the listener's week for the idle
/// screen (`scrobbleCount`, `listenerTopAlbums`).
protocol ListenerFactsReading: Sendable {
  /// `track.getInfo` with `username`: the listener's plays of the track and whether they love it.
  func listenerTrackFacts(user: String, artist: String, track: String, policy: CachePolicy) async throws
    -> StoreResult<ListenerTrackFacts>
  /// `artist.getInfo` with `username`: the listener's plays of the artist, and the artist's tags.
  func listenerArtistFacts(user: String, artist: String, policy: CachePolicy) async throws
    -> StoreResult<ListenerArtistFacts>
  /// How many scrobbles the listener has since `since` (one request, whatever the count).
  func scrobbleCount(user: String, since: Date, policy: CachePolicy) async throws -> StoreResult<Int>
}

/// The listener's figures for one track; nil where the catalog does not say.
struct ListenerTrackFacts: Equatable, Sendable {
  var playCount: Int?
  var loved: Bool?
}

/// The listener's plays of one artist (nil where the catalog does not say) and the artist's tags, most used first.
struct ListenerArtistFacts: Equatable, Sendable {
  var playCount: Int?
  var tags: [String]
}

extension NoListeningStore {
  func listenerTrackFacts(user: String, artist: String, track: String, policy: CachePolicy) async throws
    -> StoreResult<ListenerTrackFacts>
  { throw Self.failure }

  func listenerArtistFacts(user: String, artist: String, policy: CachePolicy) async throws
    -> StoreResult<ListenerArtistFacts>
  { throw Self.failure }

  func scrobbleCount(user: String, since: Date, policy: CachePolicy) async throws -> StoreResult<Int> {
    throw Self.failure
  }
}

extension ConfiguredListeningStore {
  func listenerTrackFacts(user: String, artist: String, track: String, policy: CachePolicy) async throws
    -> StoreResult<ListenerTrackFacts>
  {
    try await base.listenerTrackFacts(user: user, artist: artist, track: track, policy: adjusted(policy))
  }

  func listenerArtistFacts(user: String, artist: String, policy: CachePolicy) async throws
    -> StoreResult<ListenerArtistFacts>
  {
    try await base.listenerArtistFacts(user: user, artist: artist, policy: adjusted(policy))
  }

  func scrobbleCount(user: String, since: Date, policy: CachePolicy) async throws -> StoreResult<Int> {
    try await base.scrobbleCount(user: user, since: since, policy: adjusted(policy))
  }
}
