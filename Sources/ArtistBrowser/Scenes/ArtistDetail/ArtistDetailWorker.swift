/// Fetches an artist's details, top albums and top tracks.
protocol ArtistDetailWorking: Sendable {
  func fetchDetails(artist: String, policy: CachePolicy) async throws -> StoreResult<ArtistDetails>
  func fetchTopAlbums(artist: String, policy: CachePolicy) async throws -> StoreResult<[AlbumSummary]>
  /// Nil when the catalog has no top tracks to give (one without `ListeningStore`).
  func fetchTopTracks(artist: String, policy: CachePolicy) async throws -> StoreResult<[TrackChartEntry]>?
  /// The album a top track is on (nil inside: none known); nil without a `ListeningStore`.
  func fetchTrackAlbum(artist: String, track: String) async throws -> StoreResult<TrackAlbum?>?
}

struct ArtistDetailWorker: ArtistDetailWorking {
  let store: any ArtistsStore
  var listening: (any ListeningStore)?
  var tracksPerArtist = 50

  func fetchDetails(artist: String, policy: CachePolicy) async throws -> StoreResult<ArtistDetails> {
    try await store.artistDetails(name: artist, policy: policy)
  }

  func fetchTopAlbums(artist: String, policy: CachePolicy) async throws -> StoreResult<[AlbumSummary]> {
    try await store.topAlbums(artist: artist, policy: policy)
  }

  func fetchTopTracks(artist: String, policy: CachePolicy) async throws -> StoreResult<[TrackChartEntry]>? {
    try await listening?.artistTopTracks(artist: artist, limit: tracksPerArtist, policy: policy)
  }

  func fetchTrackAlbum(artist: String, track: String) async throws -> StoreResult<TrackAlbum?>? {
    try await listening?.trackAlbum(artist: artist, track: track, policy: .useCache)
  }
}
