/// Fetches a listener's profile and lists for the Listener scene.
protocol ListenerWorking: Sendable {
  func fetchProfile(user: String, policy: CachePolicy) async throws -> StoreResult<ListenerSummary>
  func fetchList(_ list: Listener.List, user: String, period: ListeningPeriod, page: Int, policy: CachePolicy)
    async throws -> StoreResult<Page<ListeningItem>>
  /// The album a track is on, for a row that does not say (charts and loved tracks); nil when none is known.
  func fetchTrackAlbum(artist: String, track: String) async throws -> StoreResult<TrackAlbum?>
}

struct ListenerWorker: ListenerWorking {
  let store: any ListeningStore
  var pageSize = 50

  func fetchProfile(user: String, policy: CachePolicy) async throws -> StoreResult<ListenerSummary> {
    try await store.listenerProfile(user: user, policy: policy)
  }

  func fetchList(_ list: Listener.List, user: String, period: ListeningPeriod, page: Int, policy: CachePolicy)
    async throws -> StoreResult<Page<ListeningItem>>
  {
    switch list {
    case .recent:
      try await store.recentTracks(user: user, page: page, limit: pageSize, policy: policy).items(ListeningItem.init)
    case .loved:
      try await store.lovedTracks(user: user, page: page, limit: pageSize, policy: policy).items(ListeningItem.init)
    case .topArtists:
      try await store.listenerTopArtists(user: user, period: period, page: page, limit: pageSize, policy: policy)
        .items(ListeningItem.init)
    case .topAlbums:
      try await store.listenerTopAlbums(user: user, period: period, page: page, limit: pageSize, policy: policy)
        .items(ListeningItem.init)
    case .topTracks:
      try await store.listenerTopTracks(user: user, period: period, page: page, limit: pageSize, policy: policy)
        .items(ListeningItem.init)
    }
  }

  func fetchTrackAlbum(artist: String, track: String) async throws -> StoreResult<TrackAlbum?> {
    try await store.trackAlbum(artist: artist, track: track, policy: .useCache)
  }
}

extension StoreResult {
  /// A page of store values as list rows, provenance kept.
  func items<Item>(_ transform: (Item) -> ListeningItem) -> StoreResult<Page<ListeningItem>>
  where Value == Page<Item> {
    StoreResult<Page<ListeningItem>>(
      Page(items: value.items.map(transform), number: value.number, totalPages: value.totalPages), source: source,
      isStale: isStale)
  }
}
