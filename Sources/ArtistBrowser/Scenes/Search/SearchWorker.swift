/// Runs searches and keeps the recent-searches list.
protocol SearchWorking: Sendable {
  func search(query: String, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>>
  func recentSearches() async throws -> [String]
  func record(query: String) async throws
}

struct SearchWorker: SearchWorking {
  let store: any ArtistsStore
  let recents: any RecentSearchesStore
  var limit = 30

  func search(query: String, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>> {
    try await store.searchArtists(query: query, page: 1, limit: limit, policy: policy)
  }

  func recentSearches() async throws -> [String] {
    try await recents.recentSearches()
  }

  func record(query: String) async throws {
    try await recents.record(query)
  }
}
