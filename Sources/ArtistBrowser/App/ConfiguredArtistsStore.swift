/// The command line's say over every store call: `--limit N` caps list lengths (and so page sizes), and
/// `--refresh` turns every read into a reload so no stored answer is used. Kept outside the scenes, which
/// neither know nor care.
struct ConfiguredArtistsStore: ArtistsStore {
  let base: any ArtistsStore
  /// At most this many items per list; nil leaves the scenes' own sizes.
  let limit: Int?
  let alwaysReload: Bool

  init(base: any ArtistsStore, limit: Int? = nil, alwaysReload: Bool = false) {
    self.base = base
    self.limit = limit.map { max(1, $0) }
    self.alwaysReload = alwaysReload
  }

  func topArtists(page: Int, limit: Int, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>> {
    try await base.topArtists(page: page, limit: capped(limit), policy: adjusted(policy))
  }

  func artistDetails(name: String, policy: CachePolicy) async throws -> StoreResult<ArtistDetails> {
    try await base.artistDetails(name: name, policy: adjusted(policy))
  }

  func topAlbums(artist: String, policy: CachePolicy) async throws -> StoreResult<[AlbumSummary]> {
    var result = try await base.topAlbums(artist: artist, policy: adjusted(policy))
    if let limit { result.value = Array(result.value.prefix(limit)) }
    return result
  }

  func albumDetails(artist: String, album: String, policy: CachePolicy) async throws
    -> StoreResult<AlbumDetails>
  {
    try await base.albumDetails(artist: artist, album: album, policy: adjusted(policy))
  }

  func similarArtists(artist: String, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<[SimilarArtist]>
  {
    try await base.similarArtists(artist: artist, limit: capped(limit), policy: adjusted(policy))
  }

  func searchArtists(query: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<ArtistSummary>>
  {
    try await base.searchArtists(query: query, page: page, limit: capped(limit), policy: adjusted(policy))
  }

  private func capped(_ requested: Int) -> Int { limit.map { min($0, requested) } ?? requested }

  private func adjusted(_ policy: CachePolicy) -> CachePolicy { alwaysReload ? .reload : policy }
}
