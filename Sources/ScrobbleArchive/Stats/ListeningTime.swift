import ImageCacheSupport

/// How long a range's plays lasted: the track's known length where `track_duration` has it, else an estimate.
public struct ListeningTime: Sendable, Equatable {
  public var plays = 0
  public var seconds = 0
  /// Plays whose length was known.
  public var knownPlays = 0
  /// Plays timed by the gap to the next play (a play starts when the one before it ends, when one follows soon).
  public var estimatedFromGap = 0
  /// Plays given the typical length (`typicalSeconds`): the next play came too late, or too soon, to tell.
  public var estimatedAsTypical = 0
  /// The median of the known track lengths, or `fallbackSeconds` when none is known.
  public var typicalSeconds = ListeningTime.fallbackSeconds

  public var estimatedPlays: Int { estimatedFromGap + estimatedAsTypical }

  /// A pop song's length, for an archive that knows no lengths at all.
  public static let fallbackSeconds = 210
  /// A gap to the next play within these bounds is taken as the play's length: Last.fm scrobbles nothing shorter
  /// than 30 s, and past 10 minutes the listener more likely stopped than listened on.
  public static let gapBounds: ClosedRange<Int64> = 30...600
}

extension ArchiveStatistics {
  public func listeningTime(in range: ListeningRange) throws -> ListeningTime {
    let interval = range.interval(in: zone)
    return try store.read { connection in
      var result = ListeningTime()
      let known = try connection.fetchColumn(Int64.self, sql: "SELECT seconds FROM track_duration ORDER BY seconds")
      if !known.isEmpty { result.typicalSeconds = Int(known[known.count / 2]) }
      let next = try connection.fetchValue(
        Int64.self, sql: "SELECT min(time) FROM scrobble WHERE time >= ?", arguments: [interval.upperBound])
      var pending: (time: Int64, seconds: Int64?)?
      func settle(_ play: (time: Int64, seconds: Int64?), nextTime: Int64?) {
        result.plays += 1
        if let seconds = play.seconds, seconds > 0 {
          result.knownPlays += 1
          result.seconds += Int(seconds)
        } else if let nextTime, ListeningTime.gapBounds.contains(nextTime - play.time) {
          result.estimatedFromGap += 1
          result.seconds += Int(nextTime - play.time)
        } else {
          result.estimatedAsTypical += 1
          result.seconds += result.typicalSeconds
        }
      }
      try connection.statement(
        sql: """
          SELECT s.time, d.seconds FROM scrobble s LEFT JOIN track_duration d ON d.artist = s.artist AND \
          d.track = s.track WHERE s.time >= ? AND s.time < ? ORDER BY s.time, s.seq
          """
      ).forEachRow([interval.lowerBound, interval.upperBound]) { row in
        let play: (time: Int64, seconds: Int64?) = (row[0], row[1])
        if let pending { settle(pending, nextTime: play.time) }
        pending = play
        return true
      }
      if let pending { settle(pending, nextTime: next) }
      return result
    }
  }
}
