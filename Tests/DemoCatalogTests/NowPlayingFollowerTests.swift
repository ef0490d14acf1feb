import Foundation
import ImageCache
import LastFM
import Synchronization
import Testing

@testable import DemoCatalog

/// `NowPlayingFollower` against the demo server with its clock in the test's hands: the injected sleep moves the
/// server's clock on by the interval, so a day of polling takes no real time. Each change of track is reported
/// once, nothing in between, with one request per poll.
@Suite(.timeLimit(.minutes(20))) struct NowPlayingFollowerTests {
  /// 25 Nov 2026, 12:00 UTC: `nightjar_radio` listens all day, `fieldrecorder` stopped six days before.
  static let start = 20_782 * 86_400 + 12 * 3600

  /// Counts the recent-tracks requests that reach the loopback server.
  final class CountingLoader: DataLoading {
    let inner = CurlDataLoader()
    let recentTracks = Atomic(0)

    func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
      if request.url.absoluteString.contains("method=user.getRecentTracks") {
        recentTracks.add(1, ordering: .relaxed)
      }
      return try await inner.load(request)
    }
  }

  struct Run {
    var events: [NowPlaying] = []
    var sleeps: [Int] = []
    var requests = 0
    /// Connections the loader opened for all of them.
    var connections = 0
    /// Answers written to the metadata cache whole.
    var writes = 0
  }

  /// Follows `user` for `polls` polls from `start`, `interval` chosen or by default.
  func follow(_ user: String, polls: Int, interval: PollInterval = PollInterval()) async throws -> Run {
    let clock = Mutex(Self.start)
    let server = try await DemoServer.start(catalog: sharedCatalog, clock: { clock.withLock { $0 } })
    let loader = CountingLoader()
    let store = MemoryStore()
    let client = CachedLastFMClient(
      client: LastFMClient(
        configuration: LastFMConfiguration(apiKey: nil, baseURL: server.baseURL, maxRequestsPerSecond: 1000),
        loader: loader),
      store: store, now: { Date(timeIntervalSince1970: TimeInterval(clock.withLock { $0 })) })
    let sleeps = Mutex<[Int]>([])
    let follower = NowPlayingFollower(client: client, user: user, interval: interval) { seconds in
      let count = sleeps.withLock {
        $0.append(seconds); return $0.count
      }
      guard count < polls else { throw CancellationError() }
      clock.withLock { $0 += seconds }
    }
    var run = Run()
    await follower.run { event in
      if case .changed(let now, _, _) = event { run.events.append(now) }
      return true
    }
    await server.shutdown()
    run.sleeps = sleeps.withLock { $0 }
    run.requests = loader.recentTracks.load(ordering: .relaxed)
    run.connections = loader.inner.metrics.connectionsMade
    run.writes = store.writes.load(ordering: .relaxed)
    return run
  }

  @Test func aPlayingListenerIsReportedOncePerTrackAndPolledEveryTenSeconds() async throws {
    let run = try await follow("nightjar_radio", polls: 360)  // an hour
    #expect(run.requests == 360, "one request a poll, none in between")
    #expect(run.connections == 1, "every poll goes over the first poll's connection")
    // The first answer, the second poll's (the first a poll remembers), and one per new answer after them.
    #expect(run.writes <= run.events.count + 2, "\(run.writes) writes for \(run.events.count) changes")
    #expect(Set(run.sleeps).isSubset(of: [10, 30]))
    #expect(run.sleeps.filter { $0 == 10 }.count > 300, "10 s while something plays")
    // Tracks last minutes: an hour holds several changes, far fewer than the polls.
    #expect((8...40).contains(run.events.count), "\(run.events.count) changes")
    for (previous, next) in zip(run.events, run.events.dropFirst()) {
      #expect(previous.identity != next.identity, "a change is reported only when the track changes")
    }
  }

  @Test func aListenerWhoStoppedIsReportedOnceAndPolledEveryThirtySeconds() async throws {
    let run = try await follow("fieldrecorder", polls: 20)
    #expect(run.events.count == 1)
    #expect(run.events.first?.state(at: Self.start) == .idle)
    #expect(run.sleeps.allSatisfy { $0 == 30 })
    #expect(run.requests == 20)
  }

  @Test func aChosenIntervalIsKeptWhateverPlays() async throws {
    let run = try await follow("nightjar_radio", polls: 30, interval: PollInterval(fixed: 2))
    #expect(run.sleeps.allSatisfy { $0 == 2 })
    #expect(run.requests == 30)
  }

  @Test func anUnknownListenerEndsTheFollowerAfterOneReport() async throws {
    let run = try await follow("nobody_at_all", polls: 10)
    #expect(run.events.isEmpty)
    #expect(run.requests == 1)
  }

  @Test func intervalsShorterThanTwoSecondsAreRefused() throws {
    #expect(throws: PollInterval.IntervalError.self) { try PollInterval.parse(1).get() }
    #expect(try PollInterval.parse(nil).get() == PollInterval())
    #expect(try PollInterval.parse(5).get().seconds(playing: false) == 5)
  }
}

/// Stored answers in memory, for a client whose cache must not outlive the test.
final class MemoryStore: MetadataStoring {
  private let answers = Mutex<[String: StoredAnswer]>([:])
  /// Answers written whole (a confirmed one only moves its time).
  let writes = Atomic(0)

  func storedAnswer(for key: String) async -> StoredAnswer? { answers.withLock { $0[key] } }

  func store(_ body: [UInt8], for key: String, method: String, at date: Date) async {
    writes.add(1, ordering: .relaxed)
    answers.withLock { $0[key] = StoredAnswer(body: body, storedAt: date) }
  }

  func confirm(_ body: [UInt8], for key: String, method: String, at date: Date) async {
    answers.withLock { $0[key]?.storedAt = date }
  }
}
