import Foundation
import Testing

@_spi(Benchmarks) @testable import ArtistBrowser

@MainActor
@Suite struct ListenerPresenterTests {
  final class DisplaySpy: ListenerDisplayLogic {
    var displayListenerCalled = false
    var viewModel: Listener.FetchListener.ViewModel?

    func displayListener(viewModel: Listener.FetchListener.ViewModel) {
      displayListenerCalled = true
      self.viewModel = viewModel
    }

    var displayExportedDataCalled = false
    var exported: Listener.ExportData.ViewModel?

    func displayExportedData(viewModel: Listener.ExportData.ViewModel) {
      displayExportedDataCalled = true
      exported = viewModel
    }

    func displayOpenItem(viewModel: Listener.OpenItem.ViewModel) {}

    var displayEveryListCalled = false
    var everyList: Listener.FetchEveryList.ViewModel?

    func displayEveryList(viewModel: Listener.FetchEveryList.ViewModel) {
      displayEveryListCalled = true
      everyList = viewModel
    }
  }

  /// 2026-03-15 12:00:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_773_576_000)
  static let profile = ListenerSummary(
    name: "nightjar_radio", realName: "Mara Quell", playCount: 1943,
    registered: Date(timeIntervalSince1970: 1_325_548_800), country: "Portugal",
    imageURL: URL(string: "https://img.example/u.png"))

  func response(
    list: Listener.List = .recent, items: [ListeningItem] = [], profile: ListenerSummary? = profile,
    profileError: StoreError? = nil, listError: StoreError? = nil, stale: Bool = false
  ) -> Listener.FetchListener.Response {
    .init(
      userName: "nightjar_radio", profile: profile, profileError: profileError, list: list, period: .quarter,
      items: items, hasMore: false, source: .demoCatalog, isStale: stale, listError: listError, now: Self.now)
  }

  func present(_ response: Listener.FetchListener.Response) -> Listener.FetchListener.ViewModel? {
    let sut = ListenerPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    sut.presentListener(response: response)
    #expect(spy.displayListenerCalled)
    return spy.viewModel
  }

  @Test func theProfileHeaderSaysWhoSinceWhenAndWhere() {
    // Given a profile; When it is presented
    let viewModel = present(response())
    // Then the name, real name, scrobbles, registration date and country are shown
    #expect(viewModel?.name == "nightjar_radio")
    #expect(viewModel?.facts == ["Mara Quell", "1.9K scrobbles · since 3 Jan 2012 · Portugal"])
    #expect(viewModel?.tabs == "[Recent tracks] Top artists Top albums Top tracks Loved tracks")
    #expect(viewModel?.listTitle == "Recent tracks")
    #expect(viewModel?.status.text == "demo catalog")
  }

  @Test func recentTracksSayWhenRelativelyWithinADayAndAsADateAfter() {
    // Given the playing track, then plays 3 minutes, 5 hours and 2 days ago
    let items = [
      ListeningItem(kind: .track, name: "Now", artist: "A", isNowPlaying: true),
      ListeningItem(kind: .track, name: "Three", artist: "B", date: Self.now.addingTimeInterval(-180)),
      ListeningItem(kind: .track, name: "Five", artist: "C", date: Self.now.addingTimeInterval(-5 * 3600)),
      ListeningItem(kind: .track, name: "Two", artist: "D", date: Self.now.addingTimeInterval(-2 * 86_400)),
    ]
    // When presented
    let rows = present(response(items: items))?.rows ?? []
    // Then the playing row is marked and on top, and the others say when
    #expect(rows.map(\.lead) == ["▶ now playing", "3 min ago", "5 h ago", "13 Mar 2026"])
    #expect(rows.map(\.isNowPlaying) == [true, false, false, false])
    #expect(rows.map(\.detail) == ["A", "B", "C", "D"])
  }

  @Test func chartsLeadWithTheRankAndEndWithThePlaysUnderThePeriod() {
    // Given a listener's top artists for three months
    let items = [ListeningItem(kind: .artist, rank: 1, name: "Joun Parade", artist: "Joun Parade", playCount: 1234)]
    // When presented
    let viewModel = present(response(list: .topArtists, items: items))
    // Then
    #expect(viewModel?.listTitle == "Top artists · last 3 months")
    #expect(viewModel?.rows == [.init(lead: "1.", title: "Joun Parade", detail: "", figure: "1.2K plays")])
  }

  @Test func anEmptyListSaysSo() {
    let viewModel = present(response(list: .loved))
    #expect(viewModel?.listMessage == "No loved tracks yet.")
  }

  @Test func pOnRecentTracksSaysTheyHaveNoPeriod() {
    var asked = response(list: .recent)
    asked.periodAskedOfAHistory = true
    #expect(present(asked)?.status.error == "Recent tracks have no period: p changes the charts' (Tab)")
    #expect(present(response(list: .recent))?.status.error == nil)
  }

  @Test func errorsSixAndSeventeenAreOneLineEach() {
    // Given an unknown user, and a private profile
    let unknown = present(
      response(profile: nil, profileError: .unavailable("Last.fm has no user \"ghost\"; check the spelling")))
    let hidden = present(response(listError: .unavailable("quietlistener hides their listening on Last.fm")))
    // Then the first replaces the page, the second the list; both reach the status line
    #expect(unknown?.errorMessage == "Last.fm has no user \"ghost\"; check the spelling")
    #expect(unknown?.status.error == "Last.fm has no user \"ghost\"; check the spelling")
    #expect(hidden?.errorMessage == nil)
    #expect(hidden?.listMessage == "quietlistener hides their listening on Last.fm")
    #expect(hidden?.status.error == "quietlistener hides their listening on Last.fm")
  }

  @Test func aStaleAnswerIsMarked() {
    #expect(present(response(stale: true))?.status.text == "demo catalog · stale")
  }

  @Test func sanitisesEverythingFromTheAPI() {
    // Given names with escape sequences
    var profile = Self.profile
    profile.realName = "\u{1B}]0;pwned\u{07}Mara"
    let items = [ListeningItem(kind: .track, name: "\u{1B}[2JSong", artist: "Art\u{1B}[31mist", date: Self.now)]
    // When presented
    let viewModel = present(response(items: items, profile: profile))
    // Then none of them reach the screen
    #expect(viewModel?.facts.first == "Mara")
    #expect(viewModel?.rows.first?.title == "Song")
    #expect(viewModel?.rows.first?.detail == "Artist")
  }

  @Test func everyListHasItsTitleRowsOrMessageAndTheFirstErrorEndsThePrintout() {
    // Given recent tracks, an empty chart and a hidden one
    let sut = ListenerPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    let played = ListeningItem(
      kind: .track, name: "Song", artist: "A", album: "Album", date: Date(timeIntervalSince1970: 1_773_575_820))
    // When every list is presented
    sut.presentEveryList(
      response: .init(
        userName: "nightjar_radio", profile: Self.profile, period: .quarter,
        sections: [
          .init(list: .recent, items: [played], hasMore: false),
          .init(list: .topArtists, items: [], hasMore: false),
          .init(list: .loved, items: [], hasMore: false, error: .unavailable("nightjar_radio hides their listening")),
        ], source: .demoCatalog, isStale: true, now: Self.now))
    // Then each section has its title (a chart's with the period) and rows or why not; the error is the status's
    let viewModel = spy.everyList
    #expect(spy.displayEveryListCalled)
    #expect(viewModel?.name == "nightjar_radio")
    #expect(viewModel?.sections.map(\.title) == ["Recent tracks", "Top artists · last 3 months", "Loved tracks"])
    #expect(viewModel?.sections.first?.rows.first?.lead == "3 min ago")
    #expect(viewModel?.sections.map(\.message) == [nil, "No top artists yet.", "nightjar_radio hides their listening"])
    #expect(viewModel?.status.error == "nightjar_radio hides their listening")
    #expect(viewModel?.status.isStale == true)
  }

  @Test func exportGivesNumbersAndUnixSecondsForEveryList() {
    // Given a played row in recent tracks and a hidden top tracks chart
    let items = [
      ListeningItem(kind: .track, name: "Song", artist: "A", album: "Album", date: Date(timeIntervalSince1970: 99))
    ]
    let sut = ListenerPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    // When exported
    sut.presentExportedData(
      response: .init(
        userName: "nightjar_radio", profile: Self.profile, period: .quarter,
        sections: [
          .init(list: .recent, items: items, hasMore: true),
          .init(list: .topTracks, items: [], hasMore: false, error: .unavailable("x hides their listening")),
        ], source: .demoCatalog, isStale: false, now: Self.now))
    // Then numbers stay numbers, times are Unix seconds, and each list says its period (charts only) and error
    #expect(spy.displayExportedDataCalled)
    #expect(spy.exported?.listener.registered == 1_325_548_800)
    #expect(spy.exported?.listener.playCount == 1943)
    #expect(spy.exported?.period == .quarter)
    #expect(spy.exported?.lists.map(\.list) == [.recent, .topTracks])
    #expect(spy.exported?.lists.map(\.period) == [nil, .quarter])
    #expect(spy.exported?.lists.first?.hasMore == true)
    #expect(spy.exported?.lists.first?.items.first?.playedAt == 99)
    #expect(spy.exported?.lists.first?.items.first?.album == "Album")
    #expect(spy.exported?.lists.last?.error == "x hides their listening")
  }
}

/// Enter on a track: the note the status line shows when it opens its artist instead of its album.
@MainActor
@Suite struct ListenerOpenItemPresenterTests {
  final class DisplaySpy: ListenerDisplayLogic {
    func displayListener(viewModel: Listener.FetchListener.ViewModel) {}
    func displayExportedData(viewModel: Listener.ExportData.ViewModel) {}
    func displayEveryList(viewModel: Listener.FetchEveryList.ViewModel) {}

    var displayOpenItemCalled = false
    var viewModel: Listener.OpenItem.ViewModel?

    func displayOpenItem(viewModel: Listener.OpenItem.ViewModel) {
      displayOpenItemCalled = true
      self.viewModel = viewModel
    }
  }

  static let track = ListeningItem(kind: .track, rank: 2, name: "Electric\u{1B}[31m", artist: "Joun Parade")

  func present(_ response: Listener.OpenItem.Response) -> Listener.OpenItem.ViewModel? {
    let sut = ListenerPresenter()
    let spy = DisplaySpy()
    sut.viewController = spy
    sut.presentOpenItem(response: response)
    #expect(spy.displayOpenItemCalled)
    return spy.viewModel
  }

  @Test func anAlbumFoundNeedsNoNote() {
    // Given a track whose album was found; When presented; Then nothing is said
    var item = Self.track
    item.album = "Horizon"
    #expect(present(.init(item: item))?.note == nil)
  }

  @Test func noAlbumKnownSaysSoWithTheCleanedName() {
    // Given a track Last.fm names no album for (or does not know: error 6)
    let missing = present(.init(item: Self.track, albumMissing: true))
    let unknown = present(
      .init(item: Self.track, albumMissing: true, lookupError: .notFound(name: "Electric", suggestions: [])))
    // Then one line says the artist is shown instead, without the escape sequence the name carried
    #expect(missing?.note == "No album known for “Electric”; showing the artist.")
    #expect(unknown?.note == missing?.note)
  }

  @Test func aFailedLookupSaysWhyWithoutAKeyHint() {
    // Given a lookup that failed offline
    let viewModel = present(.init(item: Self.track, albumMissing: true, lookupError: .offlineNotCached))
    // Then the reason is given, without "Press r", which on the artist page would reload the artist
    #expect(viewModel?.note == "No album for “Electric”: Offline and not cached yet. Showing the artist.")
  }
}
