import FoundationEssentials
import ImageCacheSupport

@MainActor
protocol SearchBusinessLogic: ExportDataBusinessLogic {
  func loadSuggestions(request: Search.LoadSuggestions.Request) async
  func searchArtists(request: Search.SearchArtists.Request) async
  func changeSort(request: Search.ChangeSort.Request)
  func selectResult(request: Search.SelectResult.Request)
}

@MainActor
protocol SearchDataStore: AnyObject {
  var query: String { get set }
  var results: [ArtistSummary] { get }
  var selectedArtist: ArtistSummary? { get }
}

final class SearchInteractor:
  SceneInteractor<any SearchPresentationLogic, any SearchWorking>, SearchBusinessLogic, SearchDataStore
{
  static let maxSuggestions = 8

  var query = ""
  private(set) var results: [ArtistSummary] = []
  private(set) var selectedArtist: ArtistSummary?
  private(set) var sort = ArtistSortOrder.rank
  /// What was last presented, so a new sort order can be presented with the same provenance.
  private var lastResponse: Search.SearchArtists.Response?

  func loadSuggestions(request: Search.LoadSuggestions.Request) async {
    // Recent searches are a convenience: if they can't be read, there are simply none.
    let recent = (try? await worker.recentSearches()) ?? []
    // A newer keystroke superseded this request: its answer would overwrite fresher suggestions.
    guard !Task.isCancelled else { return }
    let typed = request.query.trimmingWhitespace().lowercased()
    let matching = recent.filter { typed.isEmpty || $0.lowercased().hasPrefix(typed) }
    presenter?.presentSuggestions(
      response: .init(query: request.query, suggestions: Array(matching.prefix(Self.maxSuggestions))))
  }

  func searchArtists(request: Search.SearchArtists.Request) async {
    let trimmed = String(request.query.trimmingWhitespace())
    guard !trimmed.isEmpty else { return }
    query = request.query
    var response = Search.SearchArtists.Response(
      query: request.query, artists: [], sort: sort, source: nil, isStale: false, error: nil)
    let policy: CachePolicy = request.refresh ? .reload : .useCache
    if let found = await response.record({ try await worker.search(query: trimmed, policy: policy) }) {
      results = ArtistSorting.sorted(found.items, by: sort)
      response.artists = results
      try? await worker.record(query: trimmed)
    } else {
      results = []
    }
    lastResponse = response
    presenter?.presentSearchResults(response: response)
  }

  func changeSort(request: Search.ChangeSort.Request) {
    sort = request.order ?? sort.next
    results = ArtistSorting.sorted(results, by: sort)
    guard var response = lastResponse else { return }
    response.artists = results
    response.sort = sort
    lastResponse = response
    presenter?.presentSearchResults(response: response)
  }

  func exportData(request: Search.ExportData.Request) {
    guard let lastResponse, lastResponse.error == nil else { return }
    presenter?.presentExportedData(response: lastResponse)
  }

  func selectResult(request: Search.SelectResult.Request) {
    selectedArtist = request.row(in: results)
  }
}
