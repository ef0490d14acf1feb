/// `--limit` and `--refresh` over the listening store, as `ConfiguredArtistsStore` applies them to the catalog;
/// on the full screen, artists without a picture get the stand-in `ArtistPictureStore` gives the others.
struct ConfiguredListeningStore: ListeningStore {
  let base: any ListeningStore
  let limit: Int?
  let alwaysReload: Bool
  /// Artists without a picture get `ArtistPictureURL`'s stand-in (their top album's cover, drawn on screen only).
  var standsInArtistPictures = false

  init(base: any ListeningStore, limit: Int? = nil, alwaysReload: Bool = false) {
    self.base = base
    self.limit = limit.map { max(1, $0) }
    self.alwaysReload = alwaysReload
  }

  func listenerProfile(user: String, policy: CachePolicy) async throws -> StoreResult<ListenerSummary> {
    try await base.listenerProfile(user: user, policy: adjusted(policy))
  }

  func recentTracks(user: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<TrackPlay>>
  {
    var result = try await base.recentTracks(user: user, page: page, limit: capped(limit), policy: adjusted(policy))
    // The playing track comes on top of the page; the cap counts it.
    if let cap = self.limit { result.value.items = Array(result.value.items.prefix(cap)) }
    return result
  }

  func lovedTracks(user: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<TrackPlay>>
  {
    try await base.lovedTracks(user: user, page: page, limit: capped(limit), policy: adjusted(policy))
  }

  func listenerTopArtists(user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy)
    async throws -> StoreResult<Page<ArtistSummary>>
  {
    withPictures(
      try await base.listenerTopArtists(
        user: user, period: period, page: page, limit: capped(limit), policy: adjusted(policy)))
  }

  func listenerTopAlbums(user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy)
    async throws -> StoreResult<Page<AlbumSummary>>
  {
    try await base.listenerTopAlbums(
      user: user, period: period, page: page, limit: capped(limit), policy: adjusted(policy))
  }

  func listenerTopTracks(user: String, period: ListeningPeriod, page: Int, limit: Int, policy: CachePolicy)
    async throws -> StoreResult<Page<TrackChartEntry>>
  {
    try await base.listenerTopTracks(
      user: user, period: period, page: page, limit: capped(limit), policy: adjusted(policy))
  }

  func tagInfo(tag: String, policy: CachePolicy) async throws -> StoreResult<TagSummary> {
    try await base.tagInfo(tag: tag, policy: adjusted(policy))
  }

  func tagTopArtists(tag: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<ArtistSummary>>
  {
    withPictures(try await base.tagTopArtists(tag: tag, page: page, limit: capped(limit), policy: adjusted(policy)))
  }

  func tagTopAlbums(tag: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<AlbumSummary>>
  {
    try await base.tagTopAlbums(tag: tag, page: page, limit: capped(limit), policy: adjusted(policy))
  }

  func artistTopTracks(artist: String, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<[TrackChartEntry]>
  {
    try await base.artistTopTracks(artist: artist, limit: capped(limit), policy: adjusted(policy))
  }

  func trackAlbum(artist: String, track: String, policy: CachePolicy) async throws -> StoreResult<TrackAlbum?> {
    try await base.trackAlbum(artist: artist, track: track, policy: adjusted(policy))
  }

  private func withPictures(_ result: StoreResult<Page<ArtistSummary>>) -> StoreResult<Page<ArtistSummary>> {
    guard standsInArtistPictures else { return result }
    var result = result
    result.value.items = result.value.items.map(ArtistPictureStore.withPicture)
    return result
  }

  private func capped(_ requested: Int) -> Int { limit.map { min($0, requested) } ?? requested }

  func adjusted(_ policy: CachePolicy) -> CachePolicy { alwaysReload ? .reload : policy }
}
