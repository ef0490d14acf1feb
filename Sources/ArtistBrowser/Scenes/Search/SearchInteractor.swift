import Foundation

@MainActor
protocol SearchBusinessLogic: AnyObject {
  func loadSuggestions(request: Search.LoadSuggestions.Request) async
  func searchArtists(request: Search.SearchArtists.Request) async
  func selectResult(request: Search.SelectResult.Request)
}

@MainActor
protocol SearchDataStore: AnyObject {
  var query: String { get set }
  var results: [ArtistSummary] { get }
  var selectedArtist: ArtistSummary? { get }
}

@MainActor
final class SearchInteractor: SearchBusinessLogic, SearchDataStore {
  var presenter: (any SearchPresentationLogic)?
  var worker: any SearchWorking
  static let maxSuggestions = 8

  var query = ""
  private(set) var results: [ArtistSummary] = []
  private(set) var selectedArtist: ArtistSummary?

  init(worker: any SearchWorking) {
    self.worker = worker
  }

  func loadSuggestions(request: Search.LoadSuggestions.Request) async {
    // Recent searches are a convenience: if they can't be read, there are simply none.
    let recent = (try? await worker.recentSearches()) ?? []
    // A newer keystroke superseded this request: its answer would overwrite fresher suggestions.
    guard !Task.isCancelled else { return }
    let typed = request.query.trimmingCharacters(in: .whitespaces).lowercased()
    let matching = recent.filter { typed.isEmpty || $0.lowercased().hasPrefix(typed) }
    presenter?.presentSuggestions(
      response: .init(query: request.query, suggestions: Array(matching.prefix(Self.maxSuggestions))))
  }

  func searchArtists(request: Search.SearchArtists.Request) async {
    let trimmed = request.query.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return }
    query = request.query
    var response = Search.SearchArtists.Response(
      query: request.query, artists: [], source: nil, isStale: false, error: nil)
    do {
      let result = try await worker.search(query: trimmed, policy: request.refresh ? .reload : .useCache)
      results = result.value.items
      response.artists = results
      response.source = result.source
      response.isStale = result.isStale
      try? await worker.record(query: trimmed)
    } catch {
      results = []
      response.error = StoreError(error)
    }
    presenter?.presentSearchResults(response: response)
  }

  func selectResult(request: Search.SelectResult.Request) {
    selectedArtist = results.indices.contains(request.index) ? results[request.index] : nil
  }
}
