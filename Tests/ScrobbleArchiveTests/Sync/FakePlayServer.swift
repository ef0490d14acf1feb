import FoundationEssentials
import Synchronization

@testable import ScrobbleArchive

/// A listener's plays as a server holds them, answering pages as Last.fm does (newest first, `from`/`to` read by
/// `bounds`), with hooks to add or delete plays between requests and to fail requests.
final class FakePlayServer: PlayPageProviding, Sendable {
  struct State {
    /// Newest first; plays of one second in the order the server lists them.
    var plays: [ArchivedPlay] = []
    var requests = 0
    /// Called before each request is answered, with its number (1-based): add plays, fail it.
    var beforeAnswer: (@Sendable (Int, inout [ArchivedPlay]) throws(PlaySourceError) -> Void)?
  }

  let bounds: WindowBounds
  let state: Mutex<State>

  init(plays: [ArchivedPlay], bounds: WindowBounds = WindowBounds(fromIsInclusive: true, toIsInclusive: true)) {
    self.bounds = bounds
    state = Mutex(State(plays: Self.ordered(plays)))
  }

  static func ordered(_ plays: [ArchivedPlay]) -> [ArchivedPlay] {
    // Stable: the plays of one second keep their given order.
    plays.enumerated().sorted {
      $0.element.time != $1.element.time ? $0.element.time > $1.element.time : $0.offset < $1.offset
    }
    .map(\.element)
  }

  var plays: [ArchivedPlay] { state.withLock { $0.plays } }
  var requests: Int { state.withLock { $0.requests } }

  func onRequest(_ hook: @escaping @Sendable (Int, inout [ArchivedPlay]) throws(PlaySourceError) -> Void) {
    state.withLock { $0.beforeAnswer = hook }
  }

  func plays(from: Int?, to: Int?, page: Int, limit: Int) async throws(PlaySourceError) -> PlayPage {
    let result: Result<PlayPage, PlaySourceError> = state.withLock { state in
      state.requests += 1
      if let hook = state.beforeAnswer {
        do throws(PlaySourceError) { try hook(state.requests, &state.plays) } catch { return .failure(error) }
        state.plays = Self.ordered(state.plays)
      }
      let listed = state.plays.filter { play in
        let afterFrom = from.map { bounds.fromIsInclusive ? play.time >= $0 : play.time > $0 } ?? true
        let beforeTo = to.map { bounds.toIsInclusive ? play.time <= $0 : play.time < $0 } ?? true
        return afterFrom && beforeTo
      }
      let start = (page - 1) * limit
      let items = start < listed.count ? Array(listed[start..<min(listed.count, start + limit)]) : []
      return .success(PlayPage(plays: items, total: listed.count))
    }
    return try result.get()
  }

  /// `count` plays, a few minutes apart going back from `newest`, some pairs sharing a second.
  static func history(count: Int, newest: Int = 1_700_000_000, seed: UInt64 = 7) -> [ArchivedPlay] {
    var generator = seed
    var time = newest
    var plays: [ArchivedPlay] = []
    for index in 0..<count {
      generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let step = Int(generator >> 33) % 400
      // One play in ten shares the second of the one before it.
      if index > 0 && step % 10 != 0 { time -= 120 + step }
      plays.append(
        ArchivedPlay(
          time: time, artist: "Artist \(step % 37)", album: "Album \(step % 91)", track: "Track \(index)",
          cover: step % 5 == 0 ? nil : "https://img.example/\(step).png", loved: step % 7 == 0))
    }
    return plays
  }
}
