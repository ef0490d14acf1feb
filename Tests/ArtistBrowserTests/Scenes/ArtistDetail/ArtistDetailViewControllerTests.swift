import Foundation
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct ArtistDetailViewControllerTests {
  final class InteractorSpy: ArtistDetailBusinessLogic {
    var fetchArtistCalled = false
    var selectedAlbumIndex: Int?
    func fetchArtist(request: ArtistDetail.FetchArtist.Request) async { fetchArtistCalled = true }
    func selectAlbum(request: ArtistDetail.SelectAlbum.Request) { selectedAlbumIndex = request.index }
    var openedTrackIndex: Int?
    func openTrack(request: ArtistDetail.OpenTrack.Request) async { openedTrackIndex = request.index }
    var selectedTagIndex: Int?
    func selectTag(request: ArtistDetail.SelectTag.Request) { selectedTagIndex = request.index }
    var exportDataCalled = false
    func exportData(request: ArtistDetail.ExportData.Request) { exportDataCalled = true }
  }

  final class RouterSpy: ArtistDetailRoutingLogic, ArtistDetailDataPassing {
    var dataStore: (any ArtistDetailDataStore)?
    var routeToAlbumDetailCalled = false
    var routeToSimilarArtistsCalled = false
    var routeBackCalled = false
    func routeToAlbumDetail() { routeToAlbumDetailCalled = true }
    func routeToSimilarArtists() { routeToSimilarArtistsCalled = true }
    func routeBack() { routeBackCalled = true }
    var routeToTagCalled = false
    func routeToTag() { routeToTagCalled = true }
  }

  func makeSUT() -> (ArtistDetailViewController, InteractorSpy, RouterSpy) {
    let sut = ArtistDetailViewController(runtime: SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil))
    let interactor = InteractorSpy()
    let router = RouterSpy()
    sut.interactor = interactor
    sut.router = router
    sut.displayArtist(
      viewModel: .init(
        name: "Cher", listeners: "1.2M listeners", playCount: "45.7M plays", tags: "pop, dance",
        bio: "Cher is an American singer, actress and television personality.", imageURL: nil,
        albums: [.init(rank: "1.", name: "Believe", playCount: "2.3M plays")], albumsMessage: nil,
        errorMessage: nil, status: StatusLine(source: .demoCatalog)))
    return (sut, interactor, router)
  }

  @Test func rendersHeaderBioAndList() {
    let (sut, _, _) = makeSUT()
    let lines = sut.render(width: 30, height: 12).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      lines == [
        "Cher", "1.2M listeners · 45.7M plays", "pop, dance", "Cher is an American singer,", "actress and television",
        "personality.", "", "Top albums", "> Similar artists →", "1. Believe      2.3M plays", "",
        "j/k move · Enter open · m sim…",
      ])
  }

  @Test func enterOnTheFirstRowOpensSimilarArtists() {
    let (sut, _, router) = makeSUT()
    _ = sut.handle(.enter)
    #expect(router.routeToSimilarArtistsCalled)
    #expect(!router.routeToAlbumDetailCalled)
  }

  @Test func enterOnAnAlbumSelectsItAndOpensIt() {
    let (sut, interactor, router) = makeSUT()
    _ = sut.handle(.character("j"))
    _ = sut.handle(.enter)
    #expect(interactor.selectedAlbumIndex == 0)
    #expect(router.routeToAlbumDetailCalled)
  }

  @Test func backAndShortcutKeys() async {
    let (sut, interactor, router) = makeSUT()
    _ = sut.handle(.character("m"))
    #expect(router.routeToSimilarArtistsCalled)
    _ = sut.handle(.character("h"))
    #expect(router.routeBackCalled)
    _ = sut.handle(.character("r"))
    await sut.waitForLoad()
    #expect(interactor.fetchArtistCalled)
    #expect(!sut.handle(.character("q")))
  }

  @Test func plainLines() {
    let (sut, _, _) = makeSUT()
    #expect(
      sut.plainLines() == [
        "Cher", "1.2M listeners · 45.7M plays", "Tags: pop, dance",
        "Cher is an American singer, actress and television personality.", "Top albums:",
        "  1. Believe — 2.3M plays",
      ])
  }
}
