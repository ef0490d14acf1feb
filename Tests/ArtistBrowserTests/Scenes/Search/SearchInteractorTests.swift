import Synchronization
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct SearchInteractorTests {
  final class PresenterSpy: SearchPresentationLogic {
    var presentSuggestionsCalled = false
    var presentSearchResultsCalled = false
    var suggestions: Search.LoadSuggestions.Response?
    var results: Search.SearchArtists.Response?

    func presentSuggestions(response: Search.LoadSuggestions.Response) {
      presentSuggestionsCalled = true
      suggestions = response
    }

    func presentSearchResults(response: Search.SearchArtists.Response) {
      presentSearchResultsCalled = true
      results = response
    }

    var presentExportedDataCalled = false
    var exportResponse: Search.ExportData.Response?

    func presentExportedData(response: Search.ExportData.Response) {
      presentExportedDataCalled = true
      exportResponse = response
    }
  }

  final class WorkerSpy: SearchWorking {
    let answer: Result<StoreResult<Page<ArtistSummary>>, StoreError>
    let recent: [String]
    private let calls = Mutex<[String]>([])
    var requests: [String] { calls.withLock { $0 } }
    var recordCalled: Bool { requests.contains { $0.hasPrefix("record") } }

    init(_ answer: Result<StoreResult<Page<ArtistSummary>>, StoreError>, recent: [String] = []) {
      self.answer = answer
      self.recent = recent
    }

    func search(query: String, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>> {
      calls.withLock { $0.append("search \(query) \(policy == .reload ? "reload" : "cache")") }
      return try answer.get()
    }

    func recentSearches() async throws -> [String] { recent }

    func record(query: String) async throws {
      calls.withLock { $0.append("record \(query)") }
    }
  }

  static let found = StoreResult(Page(items: [Seeds.cher], number: 1, totalPages: 1), source: .lastFM)

  func makeSUT(_ worker: WorkerSpy) -> (SearchInteractor, PresenterSpy) {
    let sut = SearchInteractor(worker: worker)
    let presenter = PresenterSpy()
    sut.presenter = presenter
    return (sut, presenter)
  }

  @Test func searchRunsTheTrimmedQueryAndRemembersIt() async {
    let worker = WorkerSpy(.success(Self.found))
    let (sut, presenter) = makeSUT(worker)
    await sut.searchArtists(request: .init(query: " cher "))
    #expect(worker.requests == ["search cher cache", "record cher"])
    #expect(presenter.presentSearchResultsCalled)
    #expect(presenter.results?.artists == [Seeds.cher])
    #expect(presenter.results?.query == " cher ")
    #expect(sut.results == [Seeds.cher])
  }

  @Test func aFailedSearchIsNotRemembered() async {
    let worker = WorkerSpy(.failure(.networkFailed(reason: "refused")))
    let (sut, presenter) = makeSUT(worker)
    await sut.searchArtists(request: .init(query: "cher", refresh: true))
    #expect(worker.requests == ["search cher reload"])
    #expect(!worker.recordCalled)
    #expect(presenter.results?.error == .networkFailed(reason: "refused"))
  }

  @Test func anEmptyQueryDoesNothing() async {
    let worker = WorkerSpy(.success(Self.found))
    let (sut, presenter) = makeSUT(worker)
    await sut.searchArtists(request: .init(query: "   "))
    #expect(worker.requests == [])
    #expect(!presenter.presentSearchResultsCalled)
  }

  @Test func suggestionsAreRecentSearchesStartingWithTheQuery() async {
    let worker = WorkerSpy(.success(Self.found), recent: ["Cher", "Coldplay", "chvrches", "Abba"])
    let (sut, presenter) = makeSUT(worker)
    await sut.loadSuggestions(request: .init(query: "Ch"))
    #expect(presenter.suggestions?.suggestions == ["Cher", "chvrches"])
    await sut.loadSuggestions(request: .init(query: ""))
    #expect(presenter.suggestions?.suggestions == ["Cher", "Coldplay", "chvrches", "Abba"])
  }

  @Test func sortReordersResultsAndSelection() async {
    let page = StoreResult(
      Page(items: [Seeds.cher, Seeds.abba, Seeds.bjork], number: 1, totalPages: 1), source: .lastFM)
    let worker = WorkerSpy(.success(page))
    let (sut, presenter) = makeSUT(worker)
    await sut.searchArtists(request: .init(query: "e"))
    sut.changeSort(request: .init(order: .name))
    #expect(presenter.results?.artists.map(\.name) == ["abba", "Björk", "Cher"])
    #expect(presenter.results?.sort == .name)
    #expect(presenter.results?.source == .lastFM)
    sut.selectResult(request: .init(index: 2))
    #expect(sut.selectedArtist == Seeds.cher)
    #expect(worker.requests == ["search e cache", "record e"])
  }

  @Test func selectResult() async {
    let worker = WorkerSpy(.success(Self.found))
    let (sut, _) = makeSUT(worker)
    await sut.searchArtists(request: .init(query: "cher"))
    sut.selectResult(request: .init(index: 0))
    #expect(sut.selectedArtist == Seeds.cher)
  }
}
