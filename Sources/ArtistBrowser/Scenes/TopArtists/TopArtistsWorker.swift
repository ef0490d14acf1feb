/// Fetches chart pages for the TopArtists scene.
protocol TopArtistsWorking: Sendable {
  func fetchPage(_ page: Int, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>>
}

struct TopArtistsWorker: TopArtistsWorking {
  let store: any ArtistsStore
  var pageSize = 50

  func fetchPage(_ page: Int, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>> {
    try await store.topArtists(page: page, limit: pageSize, policy: policy)
  }
}
