import FoundationEssentials
import ImageCache
import LastFM

/// The browser's catalog on Last.fm (or on the demo catalog, which speaks the same JSON), with the metadata
/// cache in front. One answer per call: a fresh stored answer is returned without a request; a stale one
/// waits for the network and stands in, flagged stale, when the network fails.
///
/// Both modules define `Page`, `SimilarArtist` and `CachePolicy`: unqualified names here are the browser's,
/// Last.fm's are written `LastFM.…`.
final class LastFMArtistsStore: ArtistsStore {
  /// Last.fm's largest page of `artist.getTopAlbums`; the detail scene shares this answer for its picture.
  static let albumsPerArtist = 50

  let client: CachedLastFMClient
  private let source: DataSource
  private let offline: Bool
  let imageSize: ImageSet.Size
  /// Who failed, as messages name it: "Last.fm", "the demo catalog", or the `--api-base` server.
  private let serviceName: String

  /// - Parameters:
  ///   - source: what fresh answers are labelled with: `.lastFM`, or `.demoCatalog` for the embedded server.
  ///   - offline: answer only from the metadata cache (labelled `.offlineCache`); nothing stored is an error.
  ///   - imageSize: the picture size asked of `ImageSet` (the nearest one when missing).
  ///   - serviceName: who errors name (default: "the demo catalog" for `.demoCatalog`, else "Last.fm").
  init(
    client: CachedLastFMClient, source: DataSource = .lastFM, offline: Bool = false,
    imageSize: ImageSet.Size = .large, serviceName: String? = nil
  ) {
    self.client = client
    self.source = source
    self.serviceName = serviceName ?? (source == .demoCatalog ? "the demo catalog" : "Last.fm")
    self.offline = offline
    self.imageSize = imageSize
  }

  // MARK: ArtistsStore

  func topArtists(page: Int, limit: Int, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>> {
    let result = try await answer(client.topArtists(page: page, limit: limit, policy: lastFMPolicy(policy)))
    return result.map { summaries($0, limit: limit) }
  }

  /// The artist's picture is its top album's cover: Last.fm serves only a placeholder star for artists.
  func artistDetails(name: String, policy: CachePolicy) async throws -> StoreResult<ArtistDetails> {
    let lastFMPolicy = lastFMPolicy(policy)
    let info = try await answer(client.artistInfo(name, policy: lastFMPolicy), name: name)
    var picture = info.value.images.url(for: imageSize)
    if picture == nil {
      // Same request as `topAlbums(artist:)`, so the detail scene's two calls share one stored answer.
      let albums = try? await client.topAlbums(
        artist: name, page: 1, limit: Self.albumsPerArtist, policy: lastFMPolicy
      ).finalResult()
      picture = albums?.value.items.lazy.compactMap { $0.images.url(for: self.imageSize) }.first
    }
    return info.map { artist in
      ArtistDetails(
        name: artist.name, listeners: artist.listeners, playCount: artist.playcount, tags: artist.tags,
        bioSummary: artist.bioSummary ?? "", imageURL: picture)
    }
  }

  func topAlbums(artist: String, policy: CachePolicy) async throws -> StoreResult<[AlbumSummary]> {
    let result = try await answer(
      client.topAlbums(artist: artist, page: 1, limit: Self.albumsPerArtist, policy: lastFMPolicy(policy)),
      name: artist)
    return result.map { page in
      page.items.enumerated().map { index, album in
        AlbumSummary(
          rank: index + 1, name: album.name, artist: album.artist.isEmpty ? artist : album.artist,
          playCount: album.playcount, imageURL: album.images.url(for: imageSize))
      }
    }
  }

  func albumDetails(artist: String, album: String, policy: CachePolicy) async throws
    -> StoreResult<AlbumDetails>
  {
    let result = try await answer(
      client.albumInfo(artist: artist, album: album, policy: lastFMPolicy(policy)), name: album)
    return result.map { info in
      AlbumDetails(
        name: info.name, artist: info.artist.isEmpty ? artist : info.artist, listeners: info.listeners,
        playCount: info.playcount,
        tracks: info.tracks.enumerated().map { index, track in
          TrackSummary(number: track.rank ?? index + 1, name: track.name, duration: track.duration)
        },
        imageURL: info.images.url(for: imageSize))
    }
  }

  func similarArtists(artist: String, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<[SimilarArtist]>
  {
    let result = try await answer(
      client.similarArtists(artist: artist, limit: limit, policy: lastFMPolicy(policy)), name: artist)
    return result.map { similar in
      similar.prefix(max(0, limit)).map { neighbour in
        SimilarArtist(name: neighbour.name, match: neighbour.match, imageURL: neighbour.images.url(for: imageSize))
      }
    }
  }

  func searchArtists(query: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<ArtistSummary>>
  {
    let result = try await answer(
      client.searchArtists(query, page: page, limit: limit, policy: lastFMPolicy(policy)), name: query)
    return result.map { summaries($0, limit: limit) }
  }

  // MARK: Mapping

  func lastFMPolicy(_ policy: CachePolicy) -> LastFM.CachePolicy {
    if offline { return .offline }
    return policy == .reload ? .refresh : .cacheThenNetwork
  }

  /// Waits for the stream's last answer (the network's, or the stored one standing in) and labels it.
  func answer<Value>(_ stream: MetadataStream<Value>, name: String = "") async throws -> StoreResult<Value> {
    let result: MetadataResult<Value>
    do throws(LastFMError) {
      result = try await stream.finalResult()
    } catch {
      throw Self.storeError(error, name: name, service: serviceName)
    }
    // Only what the cache had to supply in place of the network is "offline cache"; a fresh stored
    // answer is as good as the network's.
    let fromCacheInstead = result.source == .cache && (offline || result.networkError != nil)
    return StoreResult(result.value, source: fromCacheInstead ? .offlineCache : source, isStale: result.isStale)
  }

  /// Artists have no rank on the wire: their position in the whole list is.
  func summaries(_ page: LastFM.Page<Artist>, limit: Int) -> Page<ArtistSummary> {
    let perPage = page.perPage > 0 ? page.perPage : max(1, limit)
    let first = (max(1, page.page) - 1) * perPage
    let items = page.items.enumerated().map { index, artist in
      ArtistSummary(
        rank: first + index + 1, name: artist.name, mbid: artist.mbid, listeners: artist.listeners,
        playCount: artist.playcount, imageURL: artist.images.url(for: imageSize))
    }
    return Page(items: items, number: page.page, totalPages: max(page.totalPages, page.page))
  }

  /// Keeps the distinctions the browser shows differently: not found (with suggestions), the key, offline.
  /// `service` is who failed, as the message names it: "Last.fm" or "the demo catalog".
  static func storeError(_ error: LastFMError, name: String, service: String) -> StoreError {
    switch error {
    case .notFound(_, let suggestions): .notFound(name: name, suggestions: suggestions)
    case .invalidAPIKey: .invalidAPIKey
    case .notCachedOffline: .offlineNotCached
    // An answer too large or undecoded arrived: the network worked, the answer is what went wrong.
    case .transport(.bodyTooLarge), .transport(.undecodableBody): .unexpected(error.description(service: service))
    case .rateLimited, .temporarilyUnavailable, .unexpectedStatus, .transport:
      .networkFailed(reason: error.description(service: service))
    // The service's own sentence names the listener and says what to do.
    case .unknownUser, .privateProfile: .unavailable(error.description(service: service))
    case .api, .malformedResponse: .unexpected(error.description(service: service))
    }
  }
}

extension StoreResult {
  func map<Other>(_ transform: (Value) -> Other) -> StoreResult<Other> {
    StoreResult<Other>(transform(value), source: source, isStale: isStale)
  }
}
