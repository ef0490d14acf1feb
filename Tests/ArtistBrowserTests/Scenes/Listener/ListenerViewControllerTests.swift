import Foundation
import Testing

@_spi(Benchmarks) @testable import ArtistBrowser

@MainActor
@Suite struct ListenerViewControllerTests {
  final class InteractorSpy: ListenerBusinessLogic {
    var fetchListenerCalled = false
    var fetchedUser: String?
    var switchListCalled = false
    var changePeriodCalled = false
    var fetchNextPageCalled = false
    var openedIndex: Int?
    var exportDataCalled = false
    func fetchListener(request: Listener.FetchListener.Request) async {
      fetchListenerCalled = true
      fetchedUser = request.user
    }
    var fetchEveryListCalled = false
    func fetchEveryList(request: Listener.FetchEveryList.Request) async { fetchEveryListCalled = true }
    func fetchNextPage(request: Listener.FetchNextPage.Request) async { fetchNextPageCalled = true }
    func switchList(request: Listener.SwitchList.Request) async { switchListCalled = true }
    func changePeriod(request: Listener.ChangePeriod.Request) async { changePeriodCalled = true }
    var changeSortCalled = false
    func changeSort(request: Listener.ChangeSort.Request) { changeSortCalled = true }
    func openItem(request: Listener.OpenItem.Request) async { openedIndex = request.index }
    func exportData(request: Listener.ExportData.Request) { exportDataCalled = true }
  }

  final class RouterSpy: ListenerRoutingLogic, ListenerDataPassing {
    var dataStore: (any ListenerDataStore)?
    var routeToSelectionCalled = false
    var routedNote: String?
    var routeBackCalled = false
    var routeToHistoryCalled = false
    func routeToHistory() { routeToHistoryCalled = true }
    func routeToSelection(note: String?) {
      routeToSelectionCalled = true
      routedNote = note
    }
    func routeBack() { routeBackCalled = true }
    var routeToNowCalled = false
    func routeToNow() { routeToNowCalled = true }
  }

  final class DataStoreFake: ListenerDataStore {
    var userName: String
    var period = ListeningPeriod.week
    var items: [ListeningItem] = []
    var selectedItem: ListeningItem?
    init(userName: String) { self.userName = userName }
  }

  static let viewModel = Listener.FetchListener.ViewModel(
    name: "nightjar_radio", facts: ["Mara Quell", "1.9K scrobbles · since 3 Jan 2012 · Portugal"], imageURL: nil,
    tabs: "[Recent tracks] Top artists Top albums Top tracks Loved tracks", listTitle: "Recent tracks",
    rows: [
      .init(lead: "▶ now playing", title: "Sas Horizon", detail: "Joun Parade", figure: "", isNowPlaying: true),
      .init(lead: "3 min ago", title: "Electric", detail: "Joun Parade", figure: ""),
    ], hasMore: false, listMessage: nil, errorMessage: nil, status: StatusLine(source: .demoCatalog))

  func makeSUT(userName: String = "nightjar_radio") -> (ListenerViewController, InteractorSpy, RouterSpy) {
    let sut = ListenerViewController(runtime: SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil))
    let interactor = InteractorSpy()
    let router = RouterSpy()
    router.dataStore = DataStoreFake(userName: userName)
    sut.interactor = interactor
    sut.router = router
    return (sut, interactor, router)
  }

  @Test func rendersTheProfileTheTabsAndTheNowPlayingRowOnTop() {
    // Given a loaded listener
    let (sut, _, _) = makeSUT()
    sut.displayListener(viewModel: Self.viewModel)
    // When drawn
    let lines = sut.render(width: 80, height: 10).map { $0.trimmingCharacters(in: .whitespaces) }
    // Then
    #expect(lines[0] == "nightjar_radio · Mara Quell · 1.9K scrobbles · since 3 Jan 2012 · Portugal")
    #expect(lines[1] == "[Recent tracks] Top artists Top albums Top tracks Loved tracks")
    #expect(lines[3] == "Recent tracks")
    #expect(lines[4] == "> ▶ now playing  Sas Horizon — Joun Parade")
    #expect(lines[5] == "3 min ago      Electric — Joun Parade")
  }

  @Test func tabPAndEnterReachTheInteractorAndRouter() async {
    // Given a loaded listener
    let (sut, interactor, router) = makeSUT()
    sut.displayListener(viewModel: Self.viewModel)
    // When Tab, p, then j and Enter are pressed
    #expect(sut.handle(.tab))
    await sut.waitForLoad()
    #expect(sut.handle(.character("p")))
    await sut.waitForLoad()
    _ = sut.handle(.character("j"))
    _ = sut.handle(.enter)
    await sut.waitForLoad()
    // Then the list and period change, and the second row is opened through the interactor (which may look up
    // a track's album first); the router waits for its answer
    #expect(interactor.switchListCalled)
    #expect(interactor.changePeriodCalled)
    #expect(interactor.openedIndex == 1)
    #expect(!router.routeToSelectionCalled)
  }

  @Test func capitalHOpensTheListenersHistory() {
    let (sut, _, router) = makeSUT()
    sut.displayListener(viewModel: Self.viewModel)
    #expect(sut.handle(.character("H")))
    #expect(router.routeToHistoryCalled)
    #expect(!router.routeBackCalled)
  }

  @Test func sReSortsThroughTheInteractor() {
    let (sut, interactor, _) = makeSUT()
    sut.displayListener(viewModel: Self.viewModel)
    #expect(sut.handle(.character("s")))
    #expect(interactor.changeSortCalled)
  }

  @Test func displayOpenItemRoutesWithTheNote() {
    // Given a loaded listener
    let (sut, _, router) = makeSUT()
    sut.displayListener(viewModel: Self.viewModel)
    // When the interactor's answer about the opened row is displayed
    sut.displayOpenItem(viewModel: .init(note: "No album known for \"Electric\"; showing the artist."))
    // Then the router goes, carrying the note for the status line
    #expect(router.routeToSelectionCalled)
    #expect(router.routedNote == "No album known for \"Electric\"; showing the artist.")
  }

  @Test func aPrintoutLoadsAndPrintsEveryList() async {
    // Given a scene the command line prints
    let (sut, interactor, _) = makeSUT()
    sut.printsEveryList = true
    // When it starts, and every list is displayed
    sut.start()
    await sut.waitForLoad()
    sut.displayEveryList(
      viewModel: .init(
        name: "nightjar_radio", facts: ["Mara Quell"],
        sections: [
          .init(title: "Recent tracks", rows: Self.viewModel.rows),
          .init(title: "Top artists · last 7 days", rows: [], message: "No top artists yet."),
        ], status: StatusLine(source: .demoCatalog)))
    // Then every list was asked for, and each is printed under its title
    #expect(interactor.fetchEveryListCalled)
    #expect(!interactor.fetchListenerCalled)
    #expect(
      sut.plainLines() == [
        "nightjar_radio · Mara Quell", "Recent tracks:", "▶ now playing  Sas Horizon — Joun Parade",
        "3 min ago      Electric — Joun Parade", "Top artists · last 7 days:", "No top artists yet.",
      ])
  }

  @Test func withoutANameItAsksForOneAndLoadsWhatIsTyped() async {
    // Given a scene opened by `u`, offering LASTFM_USER's name
    let (sut, interactor, router) = makeSUT(userName: "")
    sut.suggestedUser = "velvet"
    sut.start()
    #expect(!interactor.fetchListenerCalled)
    #expect(sut.render(width: 40, height: 3).first?.hasPrefix("Listener: velvet▏") == true)
    // When "moth" is typed and Enter pressed
    for character in "moth" { #expect(sut.handle(.character(character))) }
    #expect(sut.handle(.enter))
    await sut.waitForLoad()
    // Then that name is loaded and the keys were all the prompt's
    #expect(interactor.fetchedUser == "velvetmoth")
    #expect(sut.prompt == nil)
    #expect(!router.routeBackCalled)
  }

  @Test func backspaceOnAnEmptyPromptGoesBack() {
    let (sut, _, router) = makeSUT(userName: "")
    sut.start()
    _ = sut.handle(.backspace)
    #expect(router.routeBackCalled)
  }

  @Test func anErrorReplacesThePageWithItsOneLine() {
    // Given an unknown user
    let (sut, _, _) = makeSUT()
    var viewModel = Self.viewModel
    viewModel.errorMessage = "the demo catalog has no user \"ghost\"; check the spelling"
    sut.displayListener(viewModel: viewModel)
    // Then the page and the printout say so, once
    let lines = sut.render(width: 70, height: 5).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.filter { $0.contains("check the spelling") }.count == 1)
    #expect(sut.plainLines() == ["nightjar_radio", "the demo catalog has no user \"ghost\"; check the spelling"])
  }

  @Test func plainLinesListEveryRowWhole() {
    let (sut, _, _) = makeSUT()
    sut.displayListener(viewModel: Self.viewModel)
    #expect(
      sut.plainLines() == [
        "nightjar_radio · Mara Quell · 1.9K scrobbles · since 3 Jan 2012 · Portugal", "Recent tracks:",
        "▶ now playing  Sas Horizon — Joun Parade", "3 min ago      Electric — Joun Parade",
      ])
  }
}
