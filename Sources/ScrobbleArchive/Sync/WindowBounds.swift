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
  static func probe(second: Int, total: (_ from: Int, _ to: Int) async throws -> Int) async throws -> WindowBounds {
    if try await total(second, second) > 0 { return WindowBounds(fromIsInclusive: true, toIsInclusive: true) }
    let toInclusive = try await total(second - 1, second) > 0
    let fromInclusive = try await total(second, second + 1) > 0
    return WindowBounds(fromIsInclusive: fromInclusive, toIsInclusive: toInclusive)
  }
}
