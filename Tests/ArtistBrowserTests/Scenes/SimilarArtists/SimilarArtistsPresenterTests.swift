import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct SimilarArtistsPresenterTests {
  final class DisplaySpy: SimilarArtistsDisplayLogic {
    var displaySimilarCalled = false
    var viewModel: SimilarArtists.FetchSimilar.ViewModel?

    func displaySimilar(viewModel: SimilarArtists.FetchSimilar.ViewModel) {
      displaySimilarCalled = true
      self.viewModel = viewModel
    }

    var displayExportedDataCalled = false
    var exported: SimilarArtists.ExportData.ViewModel?

    func displayExportedData(viewModel: SimilarArtists.ExportData.ViewModel) {
      displayExportedDataCalled = true
      exported = viewModel
    }
  }

  func present(_ similar: [SimilarArtist], error: StoreError? = nil) -> SimilarArtists.FetchSimilar.ViewModel? {
    let sut = SimilarArtistsPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    sut.presentSimilar(
      response: .init(artistName: "Cher", similar: similar, source: .lastFM, isStale: true, error: error))
    #expect(spy.displaySimilarCalled)
    return spy.viewModel
  }

  @Test func matchAsAPercentage() {
    let viewModel = present(Seeds.similarToCher)
    #expect(viewModel?.rows.map(\.match) == ["87%", "100%", "0%"])
    #expect(viewModel?.title == "Similar to Cher")
    #expect(viewModel?.status.text == "Last.fm · stale")
  }

  @Test func sanitisedAndTruncatedNames() {
    let viewModel = present([
      SimilarArtist(name: "Mad\u{1B}[2Jonna", match: 0.5),
      SimilarArtist(name: String(repeating: "z", count: 33), match: 0.5),
    ])
    #expect(viewModel?.rows.map(\.name) == ["Madonna", String(repeating: "z", count: 31) + "…"])
  }

  @Test func emptyOrFailedSaysWhy() {
    #expect(present([])?.emptyMessage == "No similar artists known.")
    #expect(
      present([], error: .invalidAPIKey)?.emptyMessage
        == "Invalid Last.fm API key: set LASTFM_API_KEY or run with the demo catalog.")
  }
}
