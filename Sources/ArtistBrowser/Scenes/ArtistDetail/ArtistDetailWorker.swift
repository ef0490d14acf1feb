/// Fetches an artist's details and top albums.
protocol ArtistDetailWorking: Sendable {
  func fetchDetails(artist: String, policy: CachePolicy) async throws -> StoreResult<ArtistDetails>
  func fetchTopAlbums(artist: String, policy: CachePolicy) async throws -> StoreResult<[AlbumSummary]>
}

struct ArtistDetailWorker: ArtistDetailWorking {
  let store: any ArtistsStore

  func fetchDetails(artist: String, policy: CachePolicy) async throws -> StoreResult<ArtistDetails> {
    try await store.artistDetails(name: artist, policy: policy)
  }

  func fetchTopAlbums(artist: String, policy: CachePolicy) async throws -> StoreResult<[AlbumSummary]> {
    try await store.topAlbums(artist: artist, policy: policy)
  }
}
