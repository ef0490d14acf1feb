import FoundationEssentials

@MainActor
protocol NowBusinessLogic: AnyObject {
  /// Asks for what plays; presents only when the track changed, or on the first answer, or when a failure
  /// starts or ends. True when something was presented.
  @discardableResult func fetchNowPlaying(request: Now.FetchNowPlaying.Request) async -> Bool
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

@MainActor
final class NowInteractor: NowBusinessLogic, NowDataStore {
  var presenter: (any NowPresentationLogic)?
  var worker: any NowWorking
  var userName = ""
  var pacing = Now.Pacing()
  private(set) var track: TrackPlay?
  /// The last answer: kept on screen, flagged stale, when a poll fails.
  private var plays: [TrackPlay]?
  private var source: DataSource?
  private var failing = false
  private let clock: @Sendable () -> Date

  init(
    worker: any NowWorking, presenter: (any NowPresentationLogic)? = nil,
    clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.worker = worker
    self.presenter = presenter
    self.clock = clock
  }

  var pollSeconds: Int { pacing.seconds(playing: track?.isNowPlaying == true) }

  func fetchNowPlaying(request: Now.FetchNowPlaying.Request) async -> Bool {
    var response = Now.FetchNowPlaying.Response(
      user: userName, plays: plays ?? [], source: source, isStale: false, error: nil, now: clock())
    do {
      let result = try await worker.fetchRecent(user: userName, policy: request.refresh ? .reload : .useCache)
      let unchanged = plays.map { Self.identity($0.first) == Self.identity(result.value.first) } ?? false
      plays = result.value
      source = result.source
      track = result.value.first
      response.plays = result.value
      response.source = result.source
      response.isStale = result.isStale
      // A poll that brings the same track redraws nothing (and re-sends no picture).
      if unchanged, !failing { return false }
      failing = false
    } catch {
      failing = true
      response.isStale = plays != nil
      response.error = StoreError(error)
    }
    presenter?.presentNowPlaying(response: response)
    return true
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
