/// Fetches chart pages for the TopArtists scene.
protocol TopArtistsWorking: Sendable {
  func fetchPage(_ page: Int, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>>
  func fetchDetails(artist: String) async throws -> ArtistDetails
}

struct TopArtistsWorker: TopArtistsWorking {
  let store: any ArtistsStore
  var pageSize = 50

  func fetchPage(_ page: Int, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>> {
    try await store.topArtists(page: page, limit: pageSize, policy: policy)
  }

  func fetchDetails(artist: String) async throws -> ArtistDetails {
    try await store.artistDetails(name: artist, policy: .useCache).value
  }
}
