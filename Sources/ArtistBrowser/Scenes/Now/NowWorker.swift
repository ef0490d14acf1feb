/// Fetches the newest few recent tracks: the playing one (or the last scrobble) and those before it.
protocol NowWorking: Sendable {
  func fetchRecent(user: String, policy: CachePolicy) async throws -> StoreResult<[TrackPlay]>
}

struct NowWorker: NowWorking {
  /// The playing track (sent beyond the limit) or the last scrobble, and five before it.
  static let rows = 6
  let store: any ListeningStore

  func fetchRecent(user: String, policy: CachePolicy) async throws -> StoreResult<[TrackPlay]> {
    let result = try await store.recentTracks(user: user, page: 1, limit: Self.rows, policy: policy)
    return StoreResult(result.value.items, source: result.source, isStale: result.isStale)
  }
}
