/// Fetches a tag's description and its top artists and albums.
protocol TagWorking: Sendable {
  func fetchInfo(tag: String, policy: CachePolicy) async throws -> StoreResult<TagSummary>
  func fetchList(_ list: TagPage.List, tag: String, page: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<ListeningItem>>
}

struct TagWorker: TagWorking {
  let store: any ListeningStore
  var pageSize = 50

  func fetchInfo(tag: String, policy: CachePolicy) async throws -> StoreResult<TagSummary> {
    try await store.tagInfo(tag: tag, policy: policy)
  }

  func fetchList(_ list: TagPage.List, tag: String, page: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<ListeningItem>>
  {
    switch list {
    case .artists:
      try await store.tagTopArtists(tag: tag, page: page, limit: pageSize, policy: policy).items(ListeningItem.init)
    case .albums:
      try await store.tagTopAlbums(tag: tag, page: page, limit: pageSize, policy: policy).items(ListeningItem.init)
    }
  }
}
