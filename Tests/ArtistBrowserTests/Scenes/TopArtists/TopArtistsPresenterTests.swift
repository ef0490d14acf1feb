import Foundation
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct TopArtistsPresenterTests {
  final class DisplaySpy: TopArtistsDisplayLogic {
    var displayArtistsCalled = false
    var viewModel: TopArtists.FetchArtists.ViewModel?

    func displayArtists(viewModel: TopArtists.FetchArtists.ViewModel) {
      displayArtistsCalled = true
      self.viewModel = viewModel
    }

    var displayPreviewCalled = false
    var preview: TopArtists.ShowPreview.ViewModel?

    func displayPreview(viewModel: TopArtists.ShowPreview.ViewModel) {
      displayPreviewCalled = true
      preview = viewModel
    }

    var displayExportedDataCalled = false
    var exported: TopArtists.ExportData.ViewModel?

    func displayExportedData(viewModel: TopArtists.ExportData.ViewModel) {
      displayExportedDataCalled = true
      exported = viewModel
    }
  }

  @Test func previewFactsAreTheRowsFiguresThenTheTagsFromTheDetails() {
    // Given
    let sut = TopArtistsPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    // When only the chart row is known
    sut.presentPreview(response: .init(artist: Seeds.cher, details: nil))
    // Then
    #expect(spy.displayPreviewCalled)
    #expect(spy.preview == .init(imageURL: Seeds.cherURL, facts: ["Cher", "1.2M listeners · 98.8M plays"]))
    // When the details arrive
    sut.presentPreview(response: .init(artist: Seeds.cher, details: Seeds.cherDetails))
    // Then their figures and tags are shown
    #expect(spy.preview?.facts == ["Cher", "1.2M listeners · 45.7M plays", "pop, dance, 80s"])
  }

  func present(_ artists: [ArtistSummary], error: StoreError? = nil, source: DataSource? = .lastFM)
    -> TopArtists.FetchArtists.ViewModel?
  {
    let sut = TopArtistsPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    sut.presentArtists(
      response: .init(artists: artists, sort: .rank, hasMore: true, source: source, isStale: true, error: error))
    #expect(spy.displayArtistsCalled)
    return spy.viewModel
  }

  @Test func formatsListenersCompactly() {
    let viewModel = present([Seeds.cher, Seeds.abba, Seeds.bjork])
    #expect(viewModel?.rows.map(\.listeners) == ["1.2M listeners", "12.3K listeners", "987 listeners"])
    #expect(viewModel?.rows.map(\.rank) == ["1.", "2.", "3."])
    #expect(viewModel?.rows.first?.imageURL == Seeds.cherURL)
    #expect(viewModel?.sortLabel == "sort: rank")
    #expect(viewModel?.hasMore == true)
    #expect(viewModel?.emptyMessage == nil)
  }

  @Test func sanitisesAndTruncatesNames() {
    let hostile = ArtistSummary(rank: 1, name: "\u{1B}[2JCh\u{07}er")
    let long = ArtistSummary(rank: 2, name: String(repeating: "x", count: 40))
    let viewModel = present([hostile, long])
    #expect(viewModel?.rows[0].name == "Cher")
    #expect(viewModel?.rows[1].name == String(repeating: "x", count: 31) + "…")
  }

  @Test func statusCarriesSourceAndStaleness() {
    let viewModel = present([Seeds.cher])
    #expect(viewModel?.status == StatusLine(source: .lastFM, isStale: true, isLoading: false, error: nil))
    #expect(viewModel?.status.text == "Last.fm · stale")
  }

  @Test func anErrorWithNothingLoadedBecomesTheMessage() {
    let viewModel = present([], error: .networkFailed(reason: "timed out"), source: nil)
    #expect(viewModel?.rows == [])
    #expect(viewModel?.emptyMessage == "Network failed: timed out. Press r to retry.")
    #expect(viewModel?.status.error == "Network failed: timed out. Press r to retry.")
  }

  @Test func anEmptyChartSaysSo() {
    #expect(present([])?.emptyMessage == "The chart is empty.")
  }
}
