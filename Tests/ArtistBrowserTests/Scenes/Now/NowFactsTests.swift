import Foundation
import Synchronization
import Testing

@_spi(Benchmarks) @testable import ArtistBrowser

/// What the Now screen adds to a track: the interactor asks for the listener's figures (or on the idle screen
/// their week) once per change of track, never per poll, after presenting the track; each fact is presented as
/// it arrives. The presenter words the heart, the play counts, the tags and the week.
@MainActor
@Suite struct NowFactsTests {
  typealias Script = NowSceneTests.WorkerScript
  nonisolated static let now = NowSceneTests.now

  static func play(_ name: String, playing: Bool = true, minutesAgo: Int = 0, loved: Bool? = nil) -> TrackPlay {
    var play = NowSceneTests.play(name, playing: playing, minutesAgo: minutesAgo)
    play.loved = loved
    return play
  }

  func makeInteractor(_ worker: Script, clock: @escaping @Sendable () -> Date = { NowFactsTests.now })
    -> (NowInteractor, NowSceneTests.PresenterSpy)
  {
    let sut = NowInteractor(worker: worker, clock: clock)
    let presenter = NowSceneTests.PresenterSpy()
    sut.presenter = presenter
    sut.userName = "ada"
    return (sut, presenter)
  }

  // MARK: Interactor

  @Test func aNewTrackAsksForItsFactsOnceNotAtEveryPoll() async {
    // Given the same track twice, then another
    let worker = Script(
      [.success([Self.play("One")]), .success([Self.play("One")]), .success([Self.play("Two")])],
      facts: Script.Facts())
    let (sut, presenter) = makeInteractor(worker)
    // When polled three times, each time waiting for the facts
    for refresh in [false, true, true] {
      await sut.fetchNowPlaying(request: .init(refresh: refresh))
      await sut.waitForFacts()
    }
    // Then the facts were asked for once per track, and the last presentation has both
    #expect(worker.factCalls.sorted() == ["artist Artist", "artist Artist", "track One", "track Two"])
    let last = presenter.responses.last
    #expect(last?.plays.first?.name == "Two")
    #expect(last?.trackFacts == ListenerTrackFacts(playCount: 3, loved: true))
    #expect(last?.artistFacts == ListenerArtistFacts(playCount: 40, tags: ["drone", "ambient"]))
    #expect(last?.week == nil)
    // Per track: the answer, then one presentation per fact
    #expect(presenter.responses.count == 6)
  }

  @Test func theTrackIsPresentedBeforeItsFactsArriveAndTheyFillIn() async {
    // Given facts held back until the test lets them go
    let (gate, open) = AsyncStream<Void>.makeStream()
    let worker = Script([.success([Self.play("One")])], facts: Script.Facts(), gate: gate)
    let (sut, presenter) = makeInteractor(worker)
    // When the track arrives
    await sut.fetchNowPlaying(request: .init())
    // Then it is presented at once, with no facts yet
    #expect(presenter.responses.count == 1)
    #expect(presenter.responses[0].trackFacts == nil && presenter.responses[0].artistFacts == nil)
    // When the facts are let through
    open.yield()
    open.yield()
    open.finish()
    await sut.waitForFacts()
    // Then each was presented as it came, the track unchanged
    #expect(presenter.responses.count == 3)
    #expect(presenter.responses.allSatisfy { $0.plays.first?.name == "One" })
    #expect(presenter.responses.last?.trackFacts?.playCount == 3)
  }

  @Test func factsThatCannotBeHadAreLeftOutAndTheTrackStays() async {
    let worker = Script([.success([Self.play("One")])], facts: .none)
    let (sut, presenter) = makeInteractor(worker)
    await sut.fetchNowPlaying(request: .init())
    await sut.waitForFacts()
    #expect(worker.factCalls.count == 2)
    #expect(presenter.responses.count == 1, "a failed fact presents nothing")
    #expect(presenter.responses[0].error == nil && !presenter.responses[0].isStale)
  }

  @Test func theIdleScreenAsksForTheWeekInsteadOfTheFacts() async {
    let worker = Script([.success([Self.play("Old", playing: false, minutesAgo: 3 * 1440)])], facts: Script.Facts())
    let (sut, presenter) = makeInteractor(worker)
    await sut.fetchNowPlaying(request: .init())
    await sut.waitForFacts()
    await sut.fetchNowPlaying(request: .init(refresh: true))
    await sut.waitForFacts()
    #expect(worker.factCalls == ["week"], "once, not at the second poll")
    #expect(presenter.responses.last?.week?.scrobbles == 12)
    #expect(presenter.responses.last?.trackFacts == nil)
  }

  @Test func aLastScrobbleTurningADayOldBringsTheWeekAtTheNextPoll() async {
    // Given a last scrobble 23 h old, and a clock the test moves
    let clock = Mutex(Self.now)
    let worker = Script([.success([Self.play("Old", playing: false, minutesAgo: 23 * 60)])], facts: Script.Facts())
    let (sut, presenter) = makeInteractor(worker, clock: { clock.withLock { $0 } })
    await sut.fetchNowPlaying(request: .init())
    await sut.waitForFacts()
    #expect(worker.factCalls.sorted() == ["artist Artist", "track Old"])
    // When two hours pass with the same answer
    clock.withLock { $0 = Self.now.addingTimeInterval(2 * 3600) }
    #expect(await sut.fetchNowPlaying(request: .init(refresh: true)))
    await sut.waitForFacts()
    // Then the week is asked for and presented
    #expect(worker.factCalls.last == "week")
    #expect(presenter.responses.last?.week != nil)
  }

  // MARK: Presenter

  final class DisplaySpy: NowDisplayLogic {
    var viewModels: [Now.FetchNowPlaying.ViewModel] = []
    func displayNowPlaying(viewModel: Now.FetchNowPlaying.ViewModel) { viewModels.append(viewModel) }
  }

  func present(
    _ plays: [TrackPlay], track: ListenerTrackFacts? = nil, artist: ListenerArtistFacts? = nil,
    week: Now.Week? = nil
  ) -> Now.FetchNowPlaying.ViewModel? {
    let spy = DisplaySpy()
    NowPresenter(viewController: spy).presentNowPlaying(
      response: .init(
        user: "ada", plays: plays, source: .demoCatalog, isStale: false, error: nil, now: Self.now,
        trackFacts: track, artistFacts: artist, week: week))
    return spy.viewModels.last
  }

  @Test func theHeartComesFromTheTracksFactsElseFromTheRecentTracks() {
    #expect(present([Self.play("One", loved: true)])?.when == "▶ playing now · ♥ loved")
    #expect(present([Self.play("One", loved: false)])?.when == "▶ playing now")
    #expect(
      present([Self.play("One", loved: true)], track: ListenerTrackFacts(playCount: 1, loved: false))?.when
        == "▶ playing now", "the listener's own answer wins")
    #expect(
      present([Self.play("Old", playing: false, minutesAgo: 12)], track: ListenerTrackFacts(loved: true))?.when
        == "last played 12 min ago · ♥ loved")
  }

  @Test func thePlayCountsSayWhatIsKnown() {
    let one = [Self.play("One")]
    #expect(present(one)?.playCounts == "")
    #expect(present(one, track: .init(playCount: 1))?.playCounts == "1 play of this track")
    #expect(present(one, artist: .init(playCount: 340, tags: []))?.playCounts == "340 plays of the artist")
    #expect(
      present(one, track: .init(playCount: 12), artist: .init(playCount: 340, tags: []))?.playCounts
        == "12 plays of this track · 340 of the artist")
    #expect(present(one, track: .init(playCount: 0))?.playCounts == "0 plays of this track")
  }

  @Test func theTagsAreTheArtistsFirstFewCleaned() {
    let tags = ListenerArtistFacts(playCount: 1, tags: ["dream pop", "shoe\u{1B}[31mgaze", "a", "b", "fifth"])
    #expect(present([Self.play("One")], artist: tags)?.tags == "tags: dream pop · shoegaze · a · b")
    #expect(present([Self.play("One")], artist: .init(playCount: 1, tags: []))?.tags == "")
  }

  @Test func theEarlierTracksKeepTheirCovers() {
    let viewModel = present([Self.play("One"), Self.play("Before", playing: false, minutesAgo: 4)])
    #expect(viewModel?.earlier == [.init(text: "Artist — Before  4 min ago", imageURL: Self.play("Before").imageURL)])
  }

  @Test func theIdleScreenShowsTheWeekAndNoFacts() {
    let old = [Self.play("Old", playing: false, minutesAgo: 9 * 1440)]
    let week = Now.Week(
      scrobbles: 0, albumsPeriod: .month,
      albums: [AlbumSummary(rank: 1, name: "Slow Islands", artist: "A", playCount: 9, imageURL: nil)])
    let viewModel = present(old, track: .init(playCount: 5), week: week)
    #expect(viewModel?.when == "nothing played for a day: last played 9 days ago")
    #expect(viewModel?.playCounts == "")
    #expect(viewModel?.week?.scrobbles == "0 scrobbles in the last 7 days")
    #expect(viewModel?.week?.albumsTitle == "Top albums, last month")
    #expect(viewModel?.week?.albums == [WallTile(imageURL: nil, title: "Slow Islands", subtitle: "9 plays")])
    #expect(present(old)?.week?.scrobbles == "the week…", "on its way")
    #expect(present([Self.play("One")], week: week)?.week == nil, "only when idle")
  }
}
