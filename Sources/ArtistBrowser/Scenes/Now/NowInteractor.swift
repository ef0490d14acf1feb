import FoundationEssentials
import LastFM

@MainActor
protocol NowBusinessLogic: AnyObject {
  /// Asks for what plays; presents only when the track changed, or on the first answer, or when a failure
  /// starts or ends. True when something was presented. A change of track also starts asking for what the
  /// screen adds to it (the listener's figures, or on the idle screen their week), presented as each arrives.
  @discardableResult func fetchNowPlaying(request: Now.FetchNowPlaying.Request) async -> Bool
  /// Waits for the facts of the track shown (the printout and `r` wait; the polls do not).
  func waitForFacts() async
  /// Drops the facts in flight (the scene is leaving).
  func cancelFacts()
  /// Seconds until the next poll, by what the last answer said.
  var pollSeconds: Int { get }
}

@MainActor
protocol NowDataStore: AnyObject {
  /// Set by whoever opens the scene.
  var userName: String { get set }
  var pacing: Now.Pacing { get set }
  /// The track shown: Enter opens its album, `a` its artist.
  var track: TrackPlay? { get }
}

final class NowInteractor:
  SceneInteractor<any NowPresentationLogic, any NowWorking>, NowBusinessLogic, NowDataStore
{
  var userName = ""
  var pacing = Now.Pacing()
  private(set) var track: TrackPlay?
  /// The last answer: kept on screen, flagged stale, when a poll fails.
  private var plays: [TrackPlay]?
  private var source: DataSource?
  private var isStale = false
  private var error: StoreError?
  private var failing = false
  private var trackFacts: ListenerTrackFacts?
  private var artistFacts: ListenerArtistFacts?
  private var week: Now.Week?
  private var facts: Task<Void, Never>?
  /// Whether the facts asked for are the idle screen's week (nil before the first answer).
  private var factsAreForIdle: Bool?
  private let clock: @Sendable () -> Date

  init(
    worker: any NowWorking, presenter: (any NowPresentationLogic)? = nil,
    clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.clock = clock
    super.init(worker: worker, presenter: presenter)
  }

  var pollSeconds: Int { pacing.seconds(playing: track?.isNowPlaying == true) }

  @discardableResult func fetchNowPlaying(request: Now.FetchNowPlaying.Request) async -> Bool {
    do {
      let result = try await worker.fetchRecent(user: userName, policy: request.refresh ? .reload : .useCache)
      let unchanged = plays.map { Self.identity($0.first) == Self.identity(result.value.first) } ?? false
      plays = result.value
      source = result.source
      track = result.value.first
      isStale = result.isStale
      error = nil
      // A poll that brings the same track redraws nothing (and re-sends no picture) and asks nothing more,
      // unless the last scrobble has just turned a day old: the idle screen's week is then asked for.
      let turnedIdle = factsAreForIdle != Self.isIdle(track, now: clock())
      if unchanged, !failing, !turnedIdle { return false }
      failing = false
      if !unchanged || turnedIdle { startFacts() }
    } catch {
      failing = true
      isStale = plays != nil
      self.error = StoreError(error)
    }
    present()
    return true
  }

  func waitForFacts() async { await facts?.value }

  func cancelFacts() {
    facts?.cancel()
    facts = nil
  }

  private func present() {
    presenter?.presentNowPlaying(
      response: Now.FetchNowPlaying.Response(
        user: userName, plays: plays ?? [], source: source, isStale: isStale, error: error, now: clock(),
        trackFacts: trackFacts, artistFacts: artistFacts, week: week))
  }

  /// The new track's facts, each presented as it arrives; a fact that cannot be had is left out (the main
  /// answer's status line already says when the catalog fails). The track before's facts stop.
  private func startFacts() {
    cancelFacts()
    trackFacts = nil
    artistFacts = nil
    week = nil
    let (worker, user, now) = (worker, userName, clock())
    factsAreForIdle = Self.isIdle(track, now: now)
    guard factsAreForIdle == false else {
      facts = Task { [weak self] in
        let week = try? await worker.fetchWeek(user: user, now: now)
        guard let self, !Task.isCancelled, let week else { return }
        self.week = week
        self.present()
      }
      return
    }
    guard let track else { return }
    facts = Task { [weak self] in
      await withTaskGroup(of: Fact.self) { group in
        group.addTask { .track(try? await worker.fetchTrackFacts(user: user, track: track)) }
        group.addTask { .artist(try? await worker.fetchArtistFacts(user: user, artist: track.artist)) }
        for await fact in group {
          guard let self, !Task.isCancelled else { return }
          switch fact {
          case .track(let facts?): self.trackFacts = facts
          case .artist(let facts?): self.artistFacts = facts
          case .track(nil), .artist(nil): continue
          }
          self.present()
        }
      }
    }
  }

  private enum Fact: Sendable {
    case track(ListenerTrackFacts?)
    case artist(ListenerArtistFacts?)
  }

  /// Nothing played for a day (or ever): the screen shows the listener's week.
  static func isIdle(_ track: TrackPlay?, now: Date) -> Bool {
    guard let track else { return true }
    guard !track.isNowPlaying, let date = track.date else { return false }
    return now.timeIntervalSince(date) >= NowPresenter.idleAfter
  }

  /// The same track: its names, whether it plays, and for a last scrobble its time.
  private static func identity(_ play: TrackPlay?) -> [String] {
    guard let play else { return [] }
    return [
      play.artist, play.name, play.album ?? "",
      play.isNowPlaying ? "playing" : "\(play.date?.timeIntervalSince1970 ?? 0)",
    ]
  }
}
