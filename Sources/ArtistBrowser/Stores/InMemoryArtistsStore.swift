import FoundationEssentials
import Synchronization

/// A catalog held in memory: for tests and previews. Lookups by name are case-insensitive, as on Last.fm.
/// `failure`, when set, is thrown by every call (to drive error paths); `requests` records what was asked.
final class InMemoryArtistsStore: ArtistsStore {
  struct Catalog: Sendable {
    var chart: [ArtistSummary] = []
    var details: [String: ArtistDetails] = [:]
    var albums: [String: [AlbumSummary]] = [:]
    var albumDetails: [String: AlbumDetails] = [:]
    var similar: [String: [SimilarArtist]] = [:]
    var source: DataSource = .demoCatalog
    var isStale = false

    init() {}
  }

  private struct State {
    var catalog: Catalog
    var failure: StoreError?
    var requests: [String] = []
  }

  private let state: Mutex<State>

  init(catalog: Catalog = InMemoryArtistsStore.seedCatalog) {
    state = Mutex(State(catalog: catalog))
  }

  /// Thrown by every following call until set back to nil.
  var failure: StoreError? {
    get { state.withLock { $0.failure } }
    set { state.withLock { $0.failure = newValue } }
  }

  /// One entry per call, e.g. "topArtists page=2 reload".
  var requests: [String] { state.withLock { $0.requests } }

  func topArtists(page: Int, limit: Int, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>> {
    let catalog = try begin("topArtists page=\(page)", policy)
    return result(catalog, paged(catalog.chart, page: page, limit: limit))
  }

  func artistDetails(name: String, policy: CachePolicy) async throws -> StoreResult<ArtistDetails> {
    let catalog = try begin("artistDetails \(name)", policy)
    guard let details = catalog.details[Self.key(name)] else { throw notFound(name, in: catalog) }
    return result(catalog, details)
  }

  func topAlbums(artist: String, policy: CachePolicy) async throws -> StoreResult<[AlbumSummary]> {
    let catalog = try begin("topAlbums \(artist)", policy)
    guard let albums = catalog.albums[Self.key(artist)] else { throw notFound(artist, in: catalog) }
    return result(catalog, albums)
  }

  func albumDetails(artist: String, album: String, policy: CachePolicy) async throws
    -> StoreResult<AlbumDetails>
  {
    let catalog = try begin("albumDetails \(artist) / \(album)", policy)
    guard let details = catalog.albumDetails[Self.key(artist, album)] else {
      throw StoreError.notFound(name: album, suggestions: [])
    }
    return result(catalog, details)
  }

  func similarArtists(artist: String, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<[SimilarArtist]>
  {
    let catalog = try begin("similarArtists \(artist)", policy)
    guard let similar = catalog.similar[Self.key(artist)] else { throw notFound(artist, in: catalog) }
    return result(catalog, Array(similar.prefix(limit)))
  }

  func searchArtists(query: String, page: Int, limit: Int, policy: CachePolicy) async throws
    -> StoreResult<Page<ArtistSummary>>
  {
    let catalog = try begin("searchArtists \(query) page=\(page)", policy)
    let needle = Self.key(query)
    let matches = catalog.chart.filter { Self.key($0.name).contains(needle) }
      .enumerated().map { offset, artist in
        var ranked = artist
        ranked.rank = offset + 1
        return ranked
      }
    return result(catalog, paged(matches, page: page, limit: limit))
  }

  static func key(_ parts: String...) -> String {
    parts.map { $0.lowercased() }.joined(separator: "\u{0}")
  }

  private func begin(_ request: String, _ policy: CachePolicy) throws -> Catalog {
    try state.withLock { state in
      state.requests.append(policy == .reload ? "\(request) reload" : request)
      if let failure = state.failure { throw failure }
      return state.catalog
    }
  }

  private func result<Value>(_ catalog: Catalog, _ value: Value) -> StoreResult<Value> {
    StoreResult(value, source: catalog.source, isStale: catalog.isStale)
  }

  private func notFound(_ name: String, in catalog: Catalog) -> StoreError {
    let first = name.lowercased().first
    let suggestions = catalog.chart.map(\.name).filter { $0.lowercased().first == first }
    return .notFound(name: name, suggestions: Array(suggestions.prefix(3)))
  }

  private func paged<Item>(_ items: [Item], page: Int, limit: Int) -> Page<Item> {
    let size = max(1, limit)
    let totalPages = max(1, (items.count + size - 1) / size)
    let start = min(items.count, (page - 1) * size)
    let end = min(items.count, start + size)
    return Page(items: Array(items[start..<end]), number: page, totalPages: totalPages)
  }
}
