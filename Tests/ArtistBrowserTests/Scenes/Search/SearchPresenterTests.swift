import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct SearchPresenterTests {
  final class DisplaySpy: SearchDisplayLogic {
    var suggestions: Search.LoadSuggestions.ViewModel?
    var results: Search.SearchArtists.ViewModel?
    func displaySuggestions(viewModel: Search.LoadSuggestions.ViewModel) { suggestions = viewModel }
    func displaySearchResults(viewModel: Search.SearchArtists.ViewModel) { results = viewModel }

    var displayExportedDataCalled = false
    var exported: Search.ExportData.ViewModel?

    func displayExportedData(viewModel: Search.ExportData.ViewModel) {
      displayExportedDataCalled = true
      exported = viewModel
    }
  }

  func makeSUT() -> (SearchPresenter, DisplaySpy) {
    let sut = SearchPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    return (sut, spy)
  }

  @Test func resultsRows() {
    let (sut, spy) = makeSUT()
    sut.presentSearchResults(
      response: .init(query: "c", artists: [Seeds.cher, Seeds.abba], source: .demoCatalog, isStale: false, error: nil))
    #expect(spy.results?.rows.map(\.name) == ["Cher", "abba"])
    #expect(spy.results?.rows.map(\.listeners) == ["1.2M listeners", "12.3K listeners"])
    #expect(spy.results?.title == "Artists matching “c”")
    #expect(spy.results?.sortLabel == "sort: rank")
    #expect(spy.results?.status.text == "demo catalog")
  }

  @Test func noMatchesAndErrorsAreMessages() {
    let (sut, spy) = makeSUT()
    sut.presentSearchResults(
      response: .init(query: "zz\u{1B}[2J", artists: [], source: .lastFM, isStale: false, error: nil))
    #expect(spy.results?.emptyMessage == "No artists match “zz”.")
    #expect(spy.results?.query == "zz\u{1B}[2J")
    sut.presentSearchResults(
      response: .init(query: "zz", artists: [], source: nil, isStale: false, error: .offlineNotCached))
    #expect(spy.results?.emptyMessage == "Offline and not cached yet. Press r to retry when online.")
  }

  @Test func suggestionsAreSanitised() {
    let (sut, spy) = makeSUT()
    sut.presentSuggestions(response: .init(query: "", suggestions: ["Ch\u{1B}[2Jer", "\u{1B}[0m"]))
    #expect(spy.suggestions?.suggestions == ["Cher"])
  }
}
