import FoundationEssentials

/// Read access to the music catalog. Implemented by the Last.fm-backed adapter (with its metadata cache)
/// and by `InMemoryArtistsStore`. Implementations throw `StoreError` (anything else is reported as unexpected).
protocol ArtistsStore: Sendable {
  func topArtists(page: Int, limit: Int, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>>
  func artistDetails(name: String, policy: CachePolicy) async throws -> StoreResult<ArtistDetails>
  func topAlbums(artist: String, policy: CachePolicy) async throws -> StoreResult<[AlbumSummary]>
  func albumDetails(artist: String, album: String, policy: CachePolicy) async throws -> StoreResult<AlbumDetails>
  func similarArtists(artist: String, limit: Int, policy: CachePolicy) async throws -> StoreResult<[SimilarArtist]>
  func searchArtists(query: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<ArtistSummary>>
}
