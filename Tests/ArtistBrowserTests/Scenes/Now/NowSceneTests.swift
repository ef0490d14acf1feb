import Foundation
import Synchronization
import Testing

@_spi(Benchmarks) @testable import ArtistBrowser

/// The Now screen's VIP trio: the interactor presents the first answer and then only changes of track (and the
/// start or end of a failure, the last answer kept and flagged stale); the view controller polls on an injected
/// sleep at the interval the answer calls for, and Enter, `a` and Backspace route.
@MainActor
@Suite struct NowSceneTests {
  nonisolated static let now = Date(timeIntervalSince1970: 1_800_000_000)

  static func play(_ name: String, playing: Bool = true, album: String? = "Album", minutesAgo: Int = 0) -> TrackPlay {
    TrackPlay(
      name: name, artist: "Artist", album: album, imageURL: URL(string: "https://img.test/\(name).png"),
      date: playing ? nil : now.addingTimeInterval(TimeInterval(-60 * minutesAgo)), isNowPlaying: playing)
  }

  /// Answers in turn from `script`, the last one again when it runs out; the facts from `facts`, after `gate`
  /// opens when there is one. Records every call.
  final class WorkerScript: NowWorking {
    struct Facts {
      var track: Result<ListenerTrackFacts, StoreError> = .success(ListenerTrackFacts(playCount: 3, loved: true))
      var artist: Result<ListenerArtistFacts, StoreError> = .success(
        ListenerArtistFacts(playCount: 40, tags: ["drone", "ambient"]))
      var week: Result<Now.Week, StoreError> = .success(
        Now.Week(
          scrobbles: 12, albumsPeriod: .month,
          albums: [AlbumSummary(rank: 1, name: "Slow Islands", artist: "Artist", playCount: 9)]))

      /// Every fact fails: nothing is presented but the answers of the polls.
      static let none = Facts(
        track: .failure(.unavailable("none")), artist: .failure(.unavailable("none")),
        week: .failure(.unavailable("none")))
    }

    private let state: Mutex<(script: [Result<[TrackPlay], StoreError>], calls: [CachePolicy], factCalls: [String])>
    let facts: Facts
    let gate: AsyncStream<Void>?
    var calls: [CachePolicy] { state.withLock { $0.calls } }
    var factCalls: [String] { state.withLock { $0.factCalls } }

    init(_ script: [Result<[TrackPlay], StoreError>], facts: Facts = .none, gate: AsyncStream<Void>? = nil) {
      state = Mutex((script, [], []))
      self.facts = facts
      self.gate = gate
    }

    func fetchRecent(user: String, policy: CachePolicy) async throws -> StoreResult<[TrackPlay]> {
      let answer = state.withLock { state in
        state.calls.append(policy)
        return state.script.count > 1 ? state.script.removeFirst() : state.script[0]
      }
      return StoreResult(try answer.get(), source: .demoCatalog)
    }

    private func fact<Value>(_ call: String, _ answer: Result<Value, StoreError>) async throws -> Value {
      state.withLock { $0.factCalls.append(call) }
      if let gate { for await _ in gate { break } }
      return try answer.get()
    }

    func fetchTrackFacts(user: String, track: TrackPlay) async throws -> ListenerTrackFacts {
      try await fact("track \(track.name)", facts.track)
    }

    func fetchArtistFacts(user: String, artist: String) async throws -> ListenerArtistFacts {
      try await fact("artist \(artist)", facts.artist)
    }

    func fetchWeek(user: String, now: Date) async throws -> Now.Week {
      try await fact("week", facts.week)
    }
  }

  final class PresenterSpy: NowPresentationLogic {
    var responses: [Now.FetchNowPlaying.Response] = []
    func presentNowPlaying(response: Now.FetchNowPlaying.Response) { responses.append(response) }
  }

  func makeInteractor(_ worker: WorkerScript) -> (NowInteractor, PresenterSpy) {
    let sut = NowInteractor(worker: worker, clock: { Self.now })
    let presenter = PresenterSpy()
    sut.presenter = presenter
    sut.userName = "ada"
    return (sut, presenter)
  }

  @Test func onlyAChangeOfTrackIsPresented() async {
    // Given the same track twice, then another
    let worker = WorkerScript([
      .success([Self.play("One")]), .success([Self.play("One")]), .success([Self.play("Two")]),
    ])
    let (sut, presenter) = makeInteractor(worker)
    // When polled three times
    #expect(await sut.fetchNowPlaying(request: .init()))
    #expect(!(await sut.fetchNowPlaying(request: .init(refresh: true))), "the same track presents nothing")
    #expect(await sut.fetchNowPlaying(request: .init(refresh: true)))
    // Then two presentations, the polls past the cache
    #expect(presenter.responses.map { $0.plays.first?.name } == ["One", "Two"])
    #expect(worker.calls == [.useCache, .reload, .reload])
    #expect(sut.track?.name == "Two")
  }

  @Test func aFailedPollKeepsTheLastAnswerFlaggedStaleWithTheReason() async {
    let worker = WorkerScript([
      .success([Self.play("One")]), .failure(.networkFailed(reason: "timed out")), .success([Self.play("One")]),
    ])
    let (sut, presenter) = makeInteractor(worker)
    await sut.fetchNowPlaying(request: .init())
    await sut.fetchNowPlaying(request: .init(refresh: true))
    let failed = presenter.responses.last
    #expect(failed?.plays.first?.name == "One", "the last answer stays on screen")
    #expect(failed?.isStale == true && failed?.error != nil)
    // The same track after the failure is presented again: the stale marker goes.
    #expect(await sut.fetchNowPlaying(request: .init(refresh: true)))
    #expect(presenter.responses.last?.error == nil && presenter.responses.last?.isStale == false)
  }

  @Test func pollsEveryTenSecondsWhilePlayingAndThirtyOtherwiseUnlessAnIntervalIsChosen() async {
    let (sut, _) = makeInteractor(
      WorkerScript([.success([Self.play("One")]), .success([Self.play("Old", playing: false, minutesAgo: 5)])]))
    await sut.fetchNowPlaying(request: .init())
    #expect(sut.pollSeconds == 10)
    await sut.fetchNowPlaying(request: .init(refresh: true))
    #expect(sut.pollSeconds == 30)
    sut.pacing = Now.Pacing(fixed: 2)
    #expect(sut.pollSeconds == 2)
  }

  @Test func thePresenterSaysWhenAndFallsBackToTheLastScrobble() {
    #expect(NowPresenter.when(Self.play("One"), now: Self.now, user: "ada") == "▶ playing now")
    #expect(
      NowPresenter.when(Self.play("Old", playing: false, minutesAgo: 12), now: Self.now, user: "ada")
        == "last played 12 min ago")
    #expect(
      NowPresenter.when(Self.play("Old", playing: false, minutesAgo: 3 * 1440), now: Self.now, user: "ada")
        == "nothing played for a day: last played 3 days ago")
    #expect(NowPresenter.when(nil, now: Self.now, user: "ada") == "ada has scrobbled nothing")
  }

  final class RouterSpy: NowRoutingLogic, NowDataPassing {
    var dataStore: (any NowDataStore)?
    var routes: [String] = []
    func routeToAlbum() { routes.append("album") }
    func routeToArtist() { routes.append("artist") }
    func routeBack() { routes.append("back") }
  }

  @Test func theScreenFollowsTheTrackOnTheInjectedClockAndRoutesByKey() async throws {
    // Given a scene whose sleeps are counted and end after three polls
    let worker = WorkerScript([
      .success([Self.play("One")]), .success([Self.play("One")]), .success([Self.play("Two")]),
    ])
    let sleeps = Mutex<[Int]>([])
    let sut = NowViewController(runtime: SceneRuntime(preferences: BrowserPreferences(), thumbnails: nil)) {
      seconds in
      let count = sleeps.withLock {
        $0.append(seconds); return $0.count
      }
      if count > 2 { throw CancellationError() }
    }
    let interactor = NowInteractor(worker: worker, presenter: NowPresenter(viewController: sut), clock: { Self.now })
    interactor.userName = "ada"
    sut.interactor = interactor
    let router = RouterSpy()
    sut.router = router
    var redraws = 0
    sut.onNeedsDisplay = { redraws += 1 }
    // When started and left to poll
    sut.start()
    // A deadline for a loaded machine: the polls take no time of their own, but in a whole-suite run beside a
    // release build the main actor waited for over a minute.
    let deadline = ContinuousClock.now + .seconds(300)
    while sleeps.withLock({ $0.count }) < 3 || worker.calls.count < 3, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    // (The third sleep starts after the third answer was shown: nothing is left to wait for.)
    // Then the screen shows the new track, polled every 10 s
    #expect(sleeps.withLock { $0 } == [10, 10, 10])
    #expect(worker.calls == [.useCache, .reload, .reload])
    let screen = sut.render(width: 60, height: 12).joined(separator: "\n")
    #expect(screen.contains("Artist — Two"))
    #expect(redraws >= 2)
    #expect(sut.handle(.enter) && sut.handle(.character("a")) && sut.handle(.backspace))
    #expect(router.routes == ["album", "artist", "back"])
    sut.stop()
  }
}
