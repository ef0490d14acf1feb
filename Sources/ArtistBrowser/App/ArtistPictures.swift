import FoundationEssentials
import ImageCache
import TerminalGraphics

/// Last.fm gives artists only a placeholder star, so the chart, search results, similar artists and the artist
/// page would have no pictures. On the full screen, rows without one get a stand-in URL naming the artist; the thumbnail loader
/// below turns it into the artist's top album cover — only for rows on screen, which are the only ones asked.
/// (Not used for `--plain` / `--json`, whose output should show real URLs only.)
enum ArtistPictureURL {
  static let scheme = "artist-cover"

  static func make(artist: String) -> URL? {
    var components = URLComponents()
    components.scheme = scheme
    components.path = artist
    return components.url
  }

  static func artist(from url: URL) -> String? {
    guard url.scheme == scheme else { return nil }
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    return components?.path.isEmpty == false ? components?.path : nil
  }
}

/// Fills in stand-in pictures for artists that have none.
struct ArtistPictureStore: ArtistsStore {
  let base: any ArtistsStore

  func topArtists(page: Int, limit: Int, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>> {
    var result = try await base.topArtists(page: page, limit: limit, policy: policy)
    result.value.items = result.value.items.map(Self.withPicture)
    return result
  }

  func artistDetails(name: String, policy: CachePolicy) async throws -> StoreResult<ArtistDetails> {
    var result = try await base.artistDetails(name: name, policy: policy)
    if result.value.imageURL == nil { result.value.imageURL = ArtistPictureURL.make(artist: result.value.name) }
    return result
  }

  func topAlbums(artist: String, policy: CachePolicy) async throws -> StoreResult<[AlbumSummary]> {
    try await base.topAlbums(artist: artist, policy: policy)
  }

  func albumDetails(artist: String, album: String, policy: CachePolicy) async throws -> StoreResult<AlbumDetails> {
    try await base.albumDetails(artist: artist, album: album, policy: policy)
  }

  func similarArtists(artist: String, limit: Int, policy: CachePolicy) async throws -> StoreResult<[SimilarArtist]> {
    var result = try await base.similarArtists(artist: artist, limit: limit, policy: policy)
    result.value = result.value.map { similar in
      var similar = similar
      if similar.imageURL == nil { similar.imageURL = ArtistPictureURL.make(artist: similar.name) }
      return similar
    }
    return result
  }

  func searchArtists(query: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<ArtistSummary>>
  {
    var result = try await base.searchArtists(query: query, page: page, limit: limit, policy: policy)
    result.value.items = result.value.items.map(Self.withPicture)
    return result
  }

  static func withPicture(_ artist: ArtistSummary) -> ArtistSummary {
    var artist = artist
    if artist.imageURL == nil { artist.imageURL = ArtistPictureURL.make(artist: artist.name) }
    return artist
  }
}

/// Resolves stand-in artist URLs to the artist's top album cover (the metadata cache keeps the album list,
/// which the artist page asks for anyway), then loads it like any other cover.
struct ArtistPictureLoader: ThumbnailLoading {
  let base: any ThumbnailLoading
  let store: any ArtistsStore

  struct NoPicture: Error {}

  var bypassingMemoryTier: any ThumbnailLoading { ArtistPictureLoader(base: base.bypassingMemoryTier, store: store) }

  func thumbnail(for url: URL) async throws -> ImageBitmap {
    try await base.thumbnail(for: coverURL(for: url))
  }

  func thumbnail(for url: URL, fitting box: PixelSize) async throws -> ImageBitmap {
    try await base.thumbnail(for: coverURL(for: url), fitting: box)
  }

  func thumbnail(for url: URL, fitting box: PixelSize, priority: ImageRequest.Priority) async throws -> ImageBitmap {
    try await base.thumbnail(for: coverURL(for: url), fitting: box, priority: priority)
  }

  /// `url` itself, or for a stand-in artist URL the artist's top album cover.
  private func coverURL(for url: URL) async throws -> URL {
    guard let artist = ArtistPictureURL.artist(from: url) else { return url }
    let albums = try await store.topAlbums(artist: artist, policy: .useCache)
    guard let cover = albums.value.lazy.compactMap(\.imageURL).first else { throw NoPicture() }
    try Task.checkCancellation()
    return cover
  }
}
