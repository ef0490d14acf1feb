/// Fetches similar artists.
protocol SimilarArtistsWorking: Sendable {
  func fetchSimilar(artist: String, policy: CachePolicy) async throws -> StoreResult<[SimilarArtist]>
}

struct SimilarArtistsWorker: SimilarArtistsWorking {
  let store: any ArtistsStore
  var limit = 50

  func fetchSimilar(artist: String, policy: CachePolicy) async throws -> StoreResult<[SimilarArtist]> {
    try await store.similarArtists(artist: artist, limit: limit, policy: policy)
  }
}
