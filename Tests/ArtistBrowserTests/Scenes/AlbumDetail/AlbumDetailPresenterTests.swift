import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct AlbumDetailPresenterTests {
  final class DisplaySpy: AlbumDetailDisplayLogic {
    var displayAlbumCalled = false
    var viewModel: AlbumDetail.FetchAlbum.ViewModel?

    func displayAlbum(viewModel: AlbumDetail.FetchAlbum.ViewModel) {
      displayAlbumCalled = true
      self.viewModel = viewModel
    }

    var displayExportedDataCalled = false
    var exported: AlbumDetail.ExportData.ViewModel?

    func displayExportedData(viewModel: AlbumDetail.ExportData.ViewModel) {
      displayExportedDataCalled = true
      exported = viewModel
    }
  }

  func present(_ album: AlbumDetails?, error: StoreError? = nil) -> AlbumDetail.FetchAlbum.ViewModel? {
    let sut = AlbumDetailPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    sut.presentAlbum(
      response: .init(
        artistName: "Cher", albumName: "Believe", album: album, source: .lastFM, isStale: false, error: error))
    #expect(spy.displayAlbumCalled)
    return spy.viewModel
  }

  @Test func formatsDurationsAndTotal() {
    let viewModel = present(Seeds.believeDetails)
    #expect(viewModel?.tracks.map(\.duration) == ["3:45", "1:02:03", "–"])
    #expect(viewModel?.tracks.map(\.number) == ["1.", "2.", "3."])
    #expect(viewModel?.summary == "3 tracks · total 1:05:48 · 456.8K listeners")
    #expect(viewModel?.title == "Believe")
    #expect(viewModel?.artist == "Cher")
  }

  @Test func noKnownDurationsGivesNoTotal() {
    let album = AlbumDetails(name: "Demo", artist: "Cher", tracks: [TrackSummary(number: 1, name: "One")])
    #expect(present(album)?.summary == "1 track")
  }

  @Test func sanitisesAndTruncatesTrackNames() {
    let album = AlbumDetails(
      name: "Demo", artist: "Cher",
      tracks: [TrackSummary(number: 1, name: "\u{1B}[2J" + String(repeating: "y", count: 50), duration: 59)])
    let track = present(album)?.tracks.first
    #expect(track?.name == String(repeating: "y", count: 39) + "…")
    #expect(track?.duration == "0:59")
  }

  @Test func errorKeepsTheRequestedNames() {
    let viewModel = present(nil, error: .notFound(name: "Believe", suggestions: []))
    #expect(viewModel?.title == "Believe")
    #expect(viewModel?.errorMessage == "Not found: “Believe”.")
    #expect(viewModel?.tracks == [])
  }
}
