import Foundation
import Synchronization
import Testing

@_spi(Benchmarks) @testable import ArtistBrowser

@MainActor
@Suite struct ListenerInteractorTests {
  final class PresenterSpy: ListenerPresentationLogic {
    var presentListenerCalled = false
    var responses: [Listener.FetchListener.Response] = []
    var response: Listener.FetchListener.Response? { responses.last }

    func presentListener(response: Listener.FetchListener.Response) {
      presentListenerCalled = true
      responses.append(response)
    }

    var presentEveryListCalled = false
    var everyListResponse: Listener.FetchEveryList.Response?

    func presentEveryList(response: Listener.FetchEveryList.Response) {
      presentEveryListCalled = true
      everyListResponse = response
    }

    var presentOpenItemCalled = false
    var openResponse: Listener.OpenItem.Response?

    func presentOpenItem(response: Listener.OpenItem.Response) {
      presentOpenItemCalled = true
      openResponse = response
    }

    var presentExportedDataCalled = false
    var exportResponse: Listener.ExportData.Response?

    func presentExportedData(response: Listener.ExportData.Response) {
      presentExportedDataCalled = true
      exportResponse = response
    }
  }

  final class WorkerSpy: ListenerWorking {
    let profile: Result<StoreResult<ListenerSummary>, StoreError>
    let pages: [Int: Result<StoreResult<Page<ListeningItem>>, StoreError>]
    let trackAlbum: Result<StoreResult<TrackAlbum?>, StoreError>
    private let calls = Mutex<[String]>([])
    var requests: [String] { calls.withLock { $0 } }
    var fetchListCalled: Bool { requests.contains { $0.hasPrefix("list") } }

    init(
      profile: Result<StoreResult<ListenerSummary>, StoreError>,
      pages: [Int: Result<StoreResult<Page<ListeningItem>>, StoreError>],
      trackAlbum: Result<StoreResult<TrackAlbum?>, StoreError> = .success(StoreResult(nil, source: .demoCatalog))
    ) {
      self.profile = profile
      self.pages = pages
      self.trackAlbum = trackAlbum
    }

    func fetchProfile(user: String, policy: CachePolicy) async throws -> StoreResult<ListenerSummary> {
      calls.withLock { $0.append("profile \(user) \(policy == .reload ? "reload" : "cache")") }
      return try profile.get()
    }

    func fetchList(_ list: Listener.List, user: String, period: ListeningPeriod, page: Int, policy: CachePolicy)
      async throws -> StoreResult<Page<ListeningItem>>
    {
      calls.withLock {
        $0.append("list \(list.rawValue) \(user) \(period.rawValue) p\(page) \(policy == .reload ? "reload" : "cache")")
      }
      guard let answer = pages[page] else { throw StoreError.unexpected("no page \(page)") }
      return try answer.get()
    }

    var fetchTrackAlbumCalled: Bool { requests.contains { $0.hasPrefix("album") } }

    func fetchTrackAlbum(artist: String, track: String) async throws -> StoreResult<TrackAlbum?> {
      calls.withLock { $0.append("album \(artist) / \(track)") }
      return try trackAlbum.get()
    }
  }

  static let profile = ListenerSummary(
    name: "nightjar_radio", realName: "Mara Quell", playCount: 1943, registered: Date(timeIntervalSince1970: 0),
    country: "Portugal")
  static let playing = ListeningItem(
    kind: .track, name: "Sas Horizon", artist: "Joun Parade", album: "The Broken Waves", isNowPlaying: true)
  static let played = ListeningItem(
    kind: .track, name: "Electric", artist: "Joun Parade", album: "Horizon",
    date: Date(timeIntervalSince1970: 1_000))

  func makeSUT(_ worker: WorkerSpy) -> (ListenerInteractor, PresenterSpy) {
    let sut = ListenerInteractor(worker: worker)
    let presenter = PresenterSpy()
    sut.presenter = presenter
    sut.userName = "nightjar_radio"
    sut.clock = { Date(timeIntervalSince1970: 5_000) }
    return (sut, presenter)
  }

  func page(_ items: [ListeningItem], number: Int = 1, of total: Int = 1, stale: Bool = false)
    -> Result<StoreResult<Page<ListeningItem>>, StoreError>
  {
    .success(StoreResult(Page(items: items, number: number, totalPages: total), source: .demoCatalog, isStale: stale))
  }

  @Test func fetchesTheProfileAndTheRecentTracksOfTheUserInTheDataStore() async {
    // Given a listener with a playing track and a played one
    let worker = WorkerSpy(
      profile: .success(StoreResult(Self.profile, source: .demoCatalog)), pages: [1: page([Self.playing, Self.played])])
    let (sut, presenter) = makeSUT(worker)
    // When the scene loads
    await sut.fetchListener(request: .init(refresh: true))
    // Then both were asked for, bypassing the cache, and presented together with the clock's time
    #expect(worker.requests.sorted() == ["list recent nightjar_radio 7day p1 reload", "profile nightjar_radio reload"])
    #expect(presenter.presentListenerCalled)
    #expect(presenter.response?.profile == Self.profile)
    #expect(presenter.response?.items == [Self.playing, Self.played])
    #expect(presenter.response?.list == .recent)
    #expect(presenter.response?.now == Date(timeIntervalSince1970: 5_000))
    #expect(presenter.response?.profileError == nil)
    #expect(presenter.response?.listError == nil)
  }

  @Test func aNameTypedAtThePromptBecomesTheUser() async {
    // Given a scene opened without a name
    let worker = WorkerSpy(profile: .success(StoreResult(Self.profile, source: .demoCatalog)), pages: [1: page([])])
    let (sut, _) = makeSUT(worker)
    sut.userName = ""
    // When a name comes with the request
    await sut.fetchListener(request: .init(user: "velvetmoth"))
    // Then it is the one loaded and kept
    #expect(sut.userName == "velvetmoth")
    #expect(worker.requests.contains("profile velvetmoth cache"))
  }

  @Test func anUnknownUserTravelsAsTheProfilesError() async {
    // Given a name the catalog does not know
    let unknown = StoreError.unavailable("Last.fm has no user \"ghost\"; check the spelling")
    let worker = WorkerSpy(profile: .failure(unknown), pages: [1: .failure(unknown)])
    let (sut, presenter) = makeSUT(worker)
    // When the scene loads
    await sut.fetchListener(request: .init())
    // Then the error is the profile's, and nothing is listed
    #expect(presenter.response?.profileError == unknown)
    #expect(presenter.response?.profile == nil)
    #expect(presenter.response?.items.isEmpty == true)
  }

  @Test func aPrivateProfileShowsTheProfileWithTheListsError() async {
    // Given a profile whose listening is hidden (error 17 on the lists)
    let hidden = StoreError.unavailable("quietlistener hides their listening on Last.fm")
    let worker = WorkerSpy(profile: .success(StoreResult(Self.profile, source: .lastFM)), pages: [1: .failure(hidden)])
    let (sut, presenter) = makeSUT(worker)
    // When the scene loads
    await sut.fetchListener(request: .init())
    // Then the profile is there and the list's error says why the list is not
    #expect(presenter.response?.profile == Self.profile)
    #expect(presenter.response?.listError == hidden)
  }

  @Test func switchListGoesThroughTheListsInTabOrder() async {
    // Given a loaded scene on recent tracks
    let worker = WorkerSpy(profile: .success(StoreResult(Self.profile, source: .demoCatalog)), pages: [1: page([])])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchListener(request: .init())
    // When Tab is pressed five times
    var shown: [Listener.List] = []
    for _ in 0..<5 {
      await sut.switchList(request: .init(list: nil))
      shown.append(presenter.response?.list ?? .recent)
    }
    // Then every list comes once and the cycle wraps back to recent tracks
    #expect(shown == [.topArtists, .topAlbums, .topTracks, .loved, .recent])
    #expect(worker.requests.contains("list topArtists nightjar_radio 7day p1 cache"))
    #expect(worker.requests.contains("list loved nightjar_radio 7day p1 cache"))
  }

  @Test func changePeriodReloadsAChartForTheNextPeriod() async {
    // Given the top albums shown
    let worker = WorkerSpy(profile: .success(StoreResult(Self.profile, source: .demoCatalog)), pages: [1: page([])])
    let (sut, presenter) = makeSUT(worker)
    await sut.switchList(request: .init(list: .topAlbums))
    // When p is pressed
    await sut.changePeriod(request: .init(period: nil))
    // Then the next period's chart is asked for and presented
    #expect(worker.requests.last == "list topAlbums nightjar_radio 1month p1 cache")
    #expect(presenter.response?.period == .month)
  }

  @Test func changePeriodOnRecentTracksChangesNothingAndSaysSo() async {
    // Given recent tracks shown
    let worker = WorkerSpy(profile: .success(StoreResult(Self.profile, source: .demoCatalog)), pages: [1: page([])])
    let (sut, presenter) = makeSUT(worker)
    // When p is pressed
    await sut.changePeriod(request: .init(period: nil))
    // Then nothing is asked for, the period stays, and the response says p was asked of a list without one
    #expect(!worker.fetchListCalled)
    #expect(presenter.response?.period == .week)
    #expect(presenter.response?.periodAskedOfAHistory == true)
  }

  @Test func theNextPageIsAppendedWithoutRepeatingThePlayingTrack() async {
    // Given two pages, the playing track repeated on the second
    let worker = WorkerSpy(
      profile: .success(StoreResult(Self.profile, source: .demoCatalog)),
      pages: [1: page([Self.playing], of: 2), 2: page([Self.playing, Self.played], number: 2, of: 2, stale: true)])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchListener(request: .init())
    #expect(presenter.response?.hasMore == true)
    // When the next page loads
    await sut.fetchNextPage(request: .init())
    // Then its rows come after, once, and the stale answer is flagged
    #expect(presenter.response?.items == [Self.playing, Self.played])
    #expect(presenter.response?.hasMore == false)
    #expect(presenter.response?.isStale == true)
  }

  static let charted = ListeningItem(kind: .track, rank: 1, name: "Electric", artist: "Joun Parade", playCount: 12)

  @Test func openingAPlayedTrackGoesToItsAlbumWithoutALookup() async {
    // Given a loaded list of recent tracks, which name their albums
    let worker = WorkerSpy(
      profile: .success(StoreResult(Self.profile, source: .demoCatalog)), pages: [1: page([Self.playing, Self.played])])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchListener(request: .init())
    // When the second row is opened
    await sut.openItem(request: .init(index: 1))
    // Then its album is where it leads, asked of nobody
    #expect(!worker.fetchTrackAlbumCalled)
    #expect(sut.selectedItem?.destination == .album(artist: "Joun Parade", album: "Horizon"))
    #expect(presenter.presentOpenItemCalled)
    #expect(presenter.openResponse?.albumMissing == false)
  }

  @Test func openingAChartTrackLooksUpItsAlbum() async {
    // Given a top track without its album, and an album the lookup knows (under the album's own artist)
    let worker = WorkerSpy(
      profile: .success(StoreResult(Self.profile, source: .demoCatalog)), pages: [1: page([Self.charted])],
      trackAlbum: .success(StoreResult(TrackAlbum(name: "Horizon", artist: "Various Artists"), source: .demoCatalog)))
    let (sut, presenter) = makeSUT(worker)
    await sut.switchList(request: .init(list: .topTracks))
    // When it is opened
    await sut.openItem(request: .init(index: 0))
    // Then the track was looked up and its album is the destination
    #expect(worker.requests.last == "album Joun Parade / Electric")
    #expect(sut.selectedItem?.destination == .album(artist: "Various Artists", album: "Horizon"))
    #expect(presenter.openResponse?.albumMissing == false)
    #expect(presenter.openResponse?.item.album == "Horizon")
  }

  @Test func aTrackWithoutAnAlbumOpensItsArtist() async {
    // Given a loved track the lookup knows no album for
    let worker = WorkerSpy(
      profile: .success(StoreResult(Self.profile, source: .demoCatalog)), pages: [1: page([Self.charted])])
    let (sut, presenter) = makeSUT(worker)
    await sut.switchList(request: .init(list: .loved))
    // When it is opened
    await sut.openItem(request: .init(index: 0))
    // Then it leads to the artist, flagged so the presenter can say why
    #expect(worker.fetchTrackAlbumCalled)
    #expect(sut.selectedItem?.destination == .artist("Joun Parade"))
    #expect(presenter.openResponse?.albumMissing == true)
    #expect(presenter.openResponse?.lookupError == nil)
  }

  @Test func aFailedLookupOpensTheArtistWithTheError() async {
    // Given a lookup that fails (offline, nothing stored)
    let worker = WorkerSpy(
      profile: .success(StoreResult(Self.profile, source: .demoCatalog)), pages: [1: page([Self.charted])],
      trackAlbum: .failure(.offlineNotCached))
    let (sut, presenter) = makeSUT(worker)
    await sut.switchList(request: .init(list: .topTracks))
    // When the track is opened
    await sut.openItem(request: .init(index: 0))
    // Then the artist is where it leads, and the error travels for the note
    #expect(sut.selectedItem?.destination == .artist("Joun Parade"))
    #expect(presenter.openResponse?.albumMissing == true)
    #expect(presenter.openResponse?.lookupError == .offlineNotCached)
  }

  @Test func openingARowThatIsNotThereDoesNothing() async {
    let worker = WorkerSpy(profile: .success(StoreResult(Self.profile, source: .demoCatalog)), pages: [1: page([])])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchListener(request: .init())
    await sut.openItem(request: .init(index: 3))
    #expect(!presenter.presentOpenItemCalled)
    #expect(sut.selectedItem == nil)
  }

  @Test func fetchEveryListLoadsEachListOnceAndKeepsEachOnesError() async {
    // Given a listener whose every list answers the same page, but on another catalog the charts are hidden
    let worker = WorkerSpy(
      profile: .success(StoreResult(Self.profile, source: .demoCatalog)),
      pages: [1: page([Self.played], of: 2, stale: true)])
    let (sut, presenter) = makeSUT(worker)
    sut.period = .year
    // When every list is fetched (a printout)
    await sut.fetchEveryList(request: .init())
    // Then the profile and the five lists were asked for once each, in Tab order, the charts for the period
    #expect(
      worker.requests == [
        "profile nightjar_radio cache", "list recent nightjar_radio 12month p1 cache",
        "list topArtists nightjar_radio 12month p1 cache", "list topAlbums nightjar_radio 12month p1 cache",
        "list topTracks nightjar_radio 12month p1 cache", "list loved nightjar_radio 12month p1 cache",
      ])
    let response = presenter.everyListResponse
    #expect(presenter.presentEveryListCalled)
    #expect(response?.sections.map(\.list) == Listener.List.allCases)
    #expect(response?.sections.allSatisfy { $0.items == [Self.played] && $0.hasMore && $0.error == nil } == true)
    #expect(response?.isStale == true, "a stale list makes the printout stale")
    #expect(response?.period == .year)
    // And the export that follows has every list too
    sut.exportData(request: .init())
    #expect(presenter.exportResponse?.sections.count == 5)
  }

  @Test func fetchEveryListOfAPrivateProfileKeepsTheProfileAndEachListsError() async {
    let hidden = StoreError.unavailable("quietlistener hides their listening on Last.fm")
    let worker = WorkerSpy(profile: .success(StoreResult(Self.profile, source: .lastFM)), pages: [1: .failure(hidden)])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchEveryList(request: .init())
    #expect(presenter.everyListResponse?.profile == Self.profile)
    #expect(presenter.everyListResponse?.sections.allSatisfy { $0.error == hidden && !$0.hasMore } == true)
  }

  @Test func exportPresentsWhatIsLoadedAndNothingBefore() async {
    // Given nothing loaded yet
    let worker = WorkerSpy(
      profile: .success(StoreResult(Self.profile, source: .demoCatalog)), pages: [1: page([Self.played])])
    let (sut, presenter) = makeSUT(worker)
    // When export is asked before and after the load
    sut.exportData(request: .init())
    #expect(!presenter.presentExportedDataCalled)
    await sut.fetchListener(request: .init())
    sut.exportData(request: .init())
    // Then only the loaded profile and list are exported
    #expect(presenter.presentExportedDataCalled)
    #expect(presenter.exportResponse?.sections.map(\.list) == [.recent])
    #expect(presenter.exportResponse?.sections.first?.items == [Self.played])
  }
}
