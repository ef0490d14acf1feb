import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct TagPresenterTests {
  final class DisplaySpy: TagDisplayLogic {
    var displayTagCalled = false
    var viewModel: TagPage.FetchTag.ViewModel?

    func displayTag(viewModel: TagPage.FetchTag.ViewModel) {
      displayTagCalled = true
      self.viewModel = viewModel
    }

    var displayExportedDataCalled = false
    var exported: TagPage.ExportData.ViewModel?

    func displayExportedData(viewModel: TagPage.ExportData.ViewModel) {
      displayExportedDataCalled = true
      exported = viewModel
    }
  }

  func response(
    info: TagSummary? = TagSummary(name: "shoegaze", reach: 47_700, total: 143_100, summary: "Loud."),
    artists: [ListeningItem] = [], albums: [ListeningItem] = [], list: TagPage.List = .artists
  ) -> TagPage.FetchTag.Response {
    .init(
      tagName: "shoegaze", info: info, infoError: nil, list: list, artists: artists, albums: albums, hasMore: false,
      source: .demoCatalog, isStale: false, artistsError: nil, albumsError: nil)
  }

  func present(_ response: TagPage.FetchTag.Response) -> (TagPage.FetchTag.ViewModel?, DisplaySpy) {
    let sut = TagPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    sut.presentTag(response: response)
    return (spy.viewModel, spy)
  }

  @Test func theSummaryIsSanitisedLikeABio() {
    // Given a summary with HTML and an escape sequence
    let info = TagSummary(
      name: "shoegaze", reach: 1200, total: 3, summary: "Loud \u{1B}[31mand <b>dreamy</b>. <a href=\"x\">Read more</a>")
    // When presented
    let (viewModel, spy) = present(response(info: info))
    // Then only its text is left
    #expect(spy.displayTagCalled)
    #expect(viewModel?.summary == "Loud and dreamy. Read more")
    #expect(viewModel?.figures == "1.2K listeners · 3 uses")
  }

  @Test func anEmptyListSaysSoAndIsNoError() {
    // Given a tag nobody uses
    let (viewModel, _) = present(response(info: TagSummary(name: "nosuchtag")))
    // Then both lists say they are empty, and the status line has no error
    #expect(viewModel?.artistsMessage == "No artists carry the tag “nosuchtag”.")
    #expect(viewModel?.albumsMessage == "No albums carry the tag “nosuchtag”.")
    #expect(viewModel?.status.error == nil)
  }

  @Test func albumsNameTheirArtistAndTheShownListFollowsTab() {
    let album = ListeningItem(kind: .album, rank: 2, name: "Jeapral", artist: "Ezra", album: "Jeapral")
    let (viewModel, _) = present(response(albums: [album], list: .albums))
    #expect(viewModel?.rows == [.init(lead: "2.", title: "Jeapral", detail: "Ezra", figure: "")])
    #expect(viewModel?.tabs == "Top artists [Top albums]")
  }

  @Test func exportKeepsTheSummaryAsSentAndBothLists() {
    let artist = ListeningItem(kind: .artist, rank: 1, name: "Lunar", artist: "Lunar")
    let sut = TagPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    sut.presentExportedData(response: response(artists: [artist]))
    #expect(spy.displayExportedDataCalled)
    #expect(spy.exported?.tag.reach == 47_700)
    #expect(spy.exported?.artists.map(\.name) == ["Lunar"])
    #expect(spy.exported?.albums.isEmpty == true)
  }
}
