/// Polls what a listener plays and reports each change of track, for the Now screen and `imgcache now --follow`.
///
/// Every poll after the first asks the network (through the client's pacing), so a poll always sees the new
/// track; the answer is still stored, which keeps a one-shot `imgcache now` fast. A poll whose answer repeats the
/// last one byte for byte costs the request alone: no parsing, no decoding, and no write but the stored time's,
/// at most every half lifetime (`CachedLastFMClient.poll`). On libcurl's transport the repeats do not even reach
/// the follower: the transport's thread sends the poll again every interval while the answer repeats
/// (`LastFMClient.send(_:unlessEqualTo:after:)`), so between two changes nothing else in the process wakes. The
/// follower keeps nothing but the last answer (its bytes and identity), so its memory stays flat however long it
/// runs.
public struct NowPlayingFollower: Sendable {
  /// Waits `seconds`; throws when the follower should stop (cancellation). Injected so tests never sleep.
  public typealias Sleep = @Sendable (_ seconds: Int) async throws -> Void

  /// What one poll brought.
  public enum Event: Sendable {
    /// A new track (or the first answer): the network's, or the stored one standing in (`isStale`, with the
    /// network's error).
    case changed(NowPlaying, isStale: Bool, error: LastFMError?)
    /// The network failed (with the track unchanged, or nothing stored): the screen keeps what it has and says
    /// why.
    case failed(LastFMError)
  }

  public let client: CachedLastFMClient
  public let user: String
  public let interval: PollInterval
  /// Nil: the poll itself waits the interval (in the transport when it can). Tests pass one that never sleeps.
  private let sleep: Sleep?
  /// Instead of `interval`, for benches that make thousands of polls: still no closer than the client's pacing.
  private let delay: Duration?

  public init(
    client: CachedLastFMClient, user: String, interval: PollInterval = PollInterval(), delay: Duration? = nil,
    sleep: Sleep? = nil
  ) {
    self.client = client
    self.user = user
    self.interval = interval
    self.delay = delay
    self.sleep = sleep
  }

  /// Polls until the task is cancelled or `handle` says stop (returns false). `handle` hears the first answer,
  /// then only changes of track and failures; an unchanged answer is silent. An error that will not go away (no
  /// such user, a private profile, a refused key) ends the loop after it is reported.
  public func run(firstPolicy: CachePolicy = .cacheThenNetwork, _ handle: (Event) async -> Bool) async {
    var last: NowPlaying.Identity?
    var policy: CachePolicy? = firstPolicy
    var answer: PolledAnswer?
    var playing = false
    while !Task.isCancelled {
      do throws(LastFMError) {
        // How long the poll waits before it goes: nothing for the first, nor when the follower sleeps itself.
        let wait = policy == nil && sleep == nil ? delay ?? .seconds(interval.seconds(playing: playing)) : nil
        // Nil: the same bytes as the last poll's, so the same track.
        if let result = try await nextResult(firstPolicy: policy, answer: &answer, after: wait) {
          playing = result.value.isPlaying
          if result.value.identity != last {
            last = result.value.identity
            let event = Event.changed(result.value, isStale: result.isStale, error: result.networkError)
            guard await handle(event) else { return }
          } else if let error = result.networkError {
            guard await handle(.failed(error)) else { return }
          }
          if let error = result.networkError, Self.isFinal(error) { return }
        }
      } catch {
        if Task.isCancelled { return }
        guard await handle(.failed(error)), !Self.isFinal(error) else { return }
      }
      policy = nil
      if let sleep { do { try await sleep(interval.seconds(playing: playing)) } catch { return } }
    }
  }

  /// The first poll follows `firstPolicy` (a stored answer may stand in); every later one asks the network
  /// directly, in the caller's task, and is nil when its bytes repeat the last answer's (`CachedLastFMClient.poll`).
  private func nextResult(firstPolicy: CachePolicy?, answer: inout PolledAnswer?, after wait: Duration?)
    async throws(LastFMError) -> MetadataResult<NowPlaying>?
  {
    if let firstPolicy { return try await client.nowPlaying(user: user, policy: firstPolicy).finalResult() }
    return try await client.pollNowPlaying(user: user, last: &answer, after: wait).map { now in
      MetadataResult(value: now, source: .network, isStale: false, fetchedAt: client.now())
    }
  }

  /// Errors another poll cannot mend.
  public static func isFinal(_ error: LastFMError) -> Bool {
    switch error {
    case .unknownUser, .privateProfile, .invalidAPIKey, .notFound, .notCachedOffline: true
    default: false
    }
  }
}

/// How often to poll: every 10 s while something plays, every 30 s while nothing does, or a fixed interval the
/// user chose (`--interval`, 2 s at least). `imgcache now --follow` and the browser's Now page poll by it.
public struct PollInterval: Sendable, Equatable {
  public static let playingDefault = 10
  public static let idleDefault = 30
  public static let minimum = 2

  /// Nil: the defaults by state.
  public var fixed: Int?

  public init(fixed: Int? = nil) {
    self.fixed = fixed
  }

  public func seconds(playing: Bool) -> Int {
    fixed ?? (playing ? Self.playingDefault : Self.idleDefault)
  }

  /// `--interval SECONDS`, checked: a one-line reason when it is too short.
  public static func parse(_ seconds: Int?) -> Result<PollInterval, IntervalError> {
    guard let seconds else { return .success(PollInterval()) }
    guard seconds >= minimum else { return .failure(IntervalError(given: seconds)) }
    return .success(PollInterval(fixed: seconds))
  }

  public struct IntervalError: Error, CustomStringConvertible, Sendable {
    public var given: Int
    public var description: String { "--interval: expected \(PollInterval.minimum) seconds or more, got \(given)" }
  }
}
