/// Fetches an album's details and tracks.
protocol AlbumDetailWorking: Sendable {
  func fetchAlbum(artist: String, album: String, policy: CachePolicy) async throws -> StoreResult<AlbumDetails>
}

struct AlbumDetailWorker: AlbumDetailWorking {
  let store: any ArtistsStore

  func fetchAlbum(artist: String, album: String, policy: CachePolicy) async throws -> StoreResult<AlbumDetails> {
    try await store.albumDetails(artist: artist, album: album, policy: policy)
  }
}
