import ArgumentParser
import ScrobbleArchive
import ToolOptions

/// `imgcache history time NAME`: how long a range's plays lasted, and how much of that is estimated.
struct HistoryListeningTime: AsyncParsableCommand, ArchiveReading {
  static let configuration = CommandConfiguration(
    commandName: "time", abstract: "Listening time over a range, from track lengths where known, else estimated.",
    discussion: """
      A play's length is its track's, where the archive knows it; else the time until the next play, when that \
      came within 30 s to 10 minutes; else the median known track length (210 s when none is known). The output \
      says how many plays were estimated each way.
      """)

  @OptionGroup var listener: ListenerArchiveOptions
  @OptionGroup(title: "Range") var range: RangeOptions

  @Flag(help: "Print as JSON.")
  var json = false

  struct Output: Codable {
    var range: HistoryRangeJSON
    var plays: Int
    var seconds: Int
    var knownPlays: Int
    var estimatedPlays: Int
    var estimatedFromGap: Int
    var estimatedAsTypical: Int
    var typicalSeconds: Int
  }

  func output(_ statistics: ArchiveStatistics, context: HistoryContext) throws -> String {
    let range = try self.range.range()
    let time = try statistics.listeningTime(in: range)
    if json {
      return try Console.json(
        Output(
          range: HistoryRangeJSON(listener: listener.name, range: range, context: context), plays: time.plays,
          seconds: time.seconds, knownPlays: time.knownPlays, estimatedPlays: time.estimatedPlays,
          estimatedFromGap: time.estimatedFromGap, estimatedAsTypical: time.estimatedAsTypical,
          typicalSeconds: time.typicalSeconds))
    }
    return "\(listener.name), \(range.label): \(Self.duration(time.seconds)) over \(time.plays) plays; "
      + "\(time.estimatedPlays) estimated (\(time.estimatedFromGap) from the gap to the next play, "
      + "\(time.estimatedAsTypical) as a typical \(time.typicalSeconds) s)"
  }

  /// "12 d 3 h 4 min", "3 h 4 min", "4 min".
  static func duration(_ seconds: Int) -> String {
    let minutes = (seconds + 30) / 60
    let (days, hours, rest) = (minutes / 1440, minutes % 1440 / 60, minutes % 60)
    if days > 0 { return "\(days) d \(hours) h \(rest) min" }
    if hours > 0 { return "\(hours) h \(rest) min" }
    return "\(rest) min"
  }
}
