/// How a server reads `from` and `to`: Last.fm's page says "after" and "before", which would leave both out, and
/// servers differ. The sync asks once (`probe`) and keeps the answer in the archive, then speaks of windows as
/// closed ranges of seconds, `lo...hi`, translated here into the parameters that mean exactly that.
public struct WindowBounds: Sendable, Equatable {
  public var fromIsInclusive: Bool
  public var toIsInclusive: Bool

  public init(fromIsInclusive: Bool, toIsInclusive: Bool) {
    self.fromIsInclusive = fromIsInclusive
    self.toIsInclusive = toIsInclusive
  }

  /// The `from` and `to` parameters that list exactly the plays of seconds `lo...hi`.
  func parameters(_ window: ClosedRange<Int>) -> (from: Int, to: Int) {
    (
      fromIsInclusive ? window.lowerBound : window.lowerBound - 1,
      toIsInclusive ? window.upperBound : window.upperBound + 1
    )
  }

  /// As stored in `archive_meta`.
  var text: String { (fromIsInclusive ? "[" : "(") + "from,to" + (toIsInclusive ? "]" : ")") }

  init?(text: String) {
    guard text.count == 9, let first = text.first, let last = text.last, "[(".contains(first), "])".contains(last)
    else { return nil }
    self.init(fromIsInclusive: first == "[", toIsInclusive: last == "]")
  }

  /// A second to probe with, from the newest plays (newest first) of an unbounded page: it holds a play and the
  /// seconds on either side hold none, so a window's total tells which bounds count. Nil when every listed play
  /// has a neighbour (it never happens with plays minutes apart).
  static func probeSecond(in newest: PlayPage) -> Int? {
    let times = Set(newest.plays.map(\.time))
    guard let oldest = newest.plays.last?.time else { return nil }
    let complete = newest.plays.count >= newest.total
    return newest.plays.map(\.time).first { second in
      !times.contains(second - 1) && !times.contains(second + 1) && (second > oldest || complete)
    }
  }

  /// Asks the server how it reads the bounds, around `second` (see `probeSecond`): `from = to = second` lists its
  /// plays only if both bounds are inclusive; otherwise one window widened on each side tells which one is.
  /// `plays` is how many plays the second holds: a window around it that counts more is a server that ignores
  /// `from` and `to`, with which no sync can end, so it is refused.
  static func probe(second: Int, plays: Int, total: (_ from: Int, _ to: Int) async throws -> Int) async throws
    -> WindowBounds
  {
    var counts: [Int] = []
    func counted(_ from: Int, _ to: Int) async throws -> Bool {
      let count = try await total(from, to)
      guard count <= plays else {
        throw PlaySourceError(
          "the server ignores from= and to= in user.getRecentTracks (a window of one second counts \(count) plays); "
            + "it cannot be synced", isTransient: false)
      }
      counts.append(count)
      return count > 0
    }
    if try await counted(second, second) { return WindowBounds(fromIsInclusive: true, toIsInclusive: true) }
    let toInclusive = try await counted(second - 1, second)
    let fromInclusive = try await counted(second, second + 1)
    return WindowBounds(fromIsInclusive: fromInclusive, toIsInclusive: toInclusive)
  }
}
