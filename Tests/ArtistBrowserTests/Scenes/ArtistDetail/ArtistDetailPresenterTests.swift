import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct ArtistDetailPresenterTests {
  final class DisplaySpy: ArtistDetailDisplayLogic {
    var displayArtistCalled = false
    var viewModel: ArtistDetail.FetchArtist.ViewModel?

    func displayArtist(viewModel: ArtistDetail.FetchArtist.ViewModel) {
      displayArtistCalled = true
      self.viewModel = viewModel
    }

    var displayExportedDataCalled = false
    var exported: ArtistDetail.ExportData.ViewModel?

    func displayExportedData(viewModel: ArtistDetail.ExportData.ViewModel) {
      displayExportedDataCalled = true
      exported = viewModel
    }

    var displayOpenTrackCalled = false
    var openTrack: ArtistDetail.OpenTrack.ViewModel?

    func displayOpenTrack(viewModel: ArtistDetail.OpenTrack.ViewModel) {
      displayOpenTrackCalled = true
      openTrack = viewModel
    }
  }

  func present(_ response: ArtistDetail.FetchArtist.Response) -> ArtistDetail.FetchArtist.ViewModel? {
    let sut = ArtistDetailPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    sut.presentArtist(response: response)
    #expect(spy.displayArtistCalled)
    return spy.viewModel
  }

  @Test func formatsFiguresTagsAndBio() {
    let viewModel = present(
      .init(
        artistName: "cher", details: Seeds.cherDetails, albums: [Seeds.believe, Seeds.closer], albumsError: nil,
        source: .lastFM, isStale: false, error: nil))
    #expect(viewModel?.name == "Cher")
    #expect(viewModel?.listeners == "1.2M listeners")
    #expect(viewModel?.playCount == "45.7M plays")
    #expect(viewModel?.tags == "pop, dance, 80s")
    #expect(viewModel?.bio == "Cher is an American singer. Read more on Last.fm")
    #expect(viewModel?.albums.map(\.name) == ["Believe", "Closer to the Truth"])
    #expect(viewModel?.albums.map(\.playCount) == ["2.3M plays", "456 plays"])
    #expect(viewModel?.albumsMessage == nil)
    #expect(viewModel?.errorMessage == nil)
    #expect(viewModel?.status.text == "Last.fm")
  }

  @Test func sanitisesEverythingFromTheAPI() {
    var details = Seeds.cherDetails
    details.name = "\u{1B}[2JCher"
    details.tags = ["\u{1B}]0;pwned\u{07}pop"]
    details.bioSummary = "Line\u{1B}[31m red"
    let viewModel = present(
      .init(
        artistName: "cher", details: details, albums: [], albumsError: nil, source: .lastFM, isStale: false,
        error: nil))
    #expect(viewModel?.name == "Cher")
    #expect(viewModel?.tags == "pop")
    #expect(viewModel?.bio == "Line red")
    #expect(viewModel?.albumsMessage == "No albums.")
  }

  @Test func notFoundWithSuggestionsIsOneLine() {
    let viewModel = present(
      .init(
        artistName: "Chr", details: nil, albums: [], albumsError: nil, source: nil, isStale: false,
        error: .notFound(name: "Chr", suggestions: ["Cher", "Chris Rea"])))
    #expect(viewModel?.name == "Chr")
    #expect(viewModel?.errorMessage == "Not found: “Chr”. Did you mean: Cher, Chris Rea?")
    #expect(viewModel?.listeners == "")
  }

  @Test func albumsErrorIsShownWhereTheAlbumsWouldBe() {
    let viewModel = present(
      .init(
        artistName: "cher", details: Seeds.cherDetails, albums: [], albumsError: .invalidAPIKey, source: .lastFM,
        isStale: false, error: nil))
    #expect(viewModel?.albumsMessage == "Invalid Last.fm API key: set LASTFM_API_KEY or run with the demo catalog.")
  }

  @Test func aTopTracksAlbumNeedsNoNoteAndItsAbsenceSaysWhy() {
    let sut = ArtistDetailPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    let track = TrackChartEntry(rank: 1, name: "Strong Enough", artist: "Cher")
    sut.presentOpenTrack(response: .init(track: track, album: AlbumSummary(rank: 0, name: "Believe", artist: "Cher")))
    #expect(spy.displayOpenTrackCalled)
    #expect(spy.openTrack == .init(opensAlbum: true, note: nil))
    sut.presentOpenTrack(response: .init(track: track))
    #expect(spy.openTrack == .init(opensAlbum: false, note: "No album known for “Strong Enough”; showing the artist."))
    sut.presentOpenTrack(response: .init(track: track, lookupError: .offlineNotCached))
    #expect(
      spy.openTrack?.note == "No album for “Strong Enough”: Offline and not cached yet. Showing the artist.")
  }
}
