import ArgumentParser
import ScrobbleArchive
import ToolOptions

/// `imgcache history streak NAME`: the longest run of days with plays in a range.
struct HistoryStreak: AsyncParsableCommand, ArchiveReading {
  static let configuration = CommandConfiguration(
    commandName: "streak", abstract: "The longest run of local days with at least one play in a range.")

  @OptionGroup var listener: ListenerArchiveOptions
  @OptionGroup(title: "Range") var range: RangeOptions

  @Flag(help: "Print as JSON.")
  var json = false

  struct Output: Codable {
    var range: HistoryRangeJSON
    var daysWithPlays: Int
    /// Absent when the range has no plays.
    var longest: Streak?

    struct Streak: Codable {
      var first: String
      var last: String
      var days: Int
      var plays: Int
    }
  }

  func output(_ statistics: ArchiveStatistics, context: HistoryContext) throws -> String {
    let range = try self.range.range()
    let calendar = try statistics.calendar(in: range)
    let streak = calendar.longestStreak
    if json {
      return try Console.json(
        Output(
          range: HistoryRangeJSON(listener: listener.name, range: range, context: context),
          daysWithPlays: calendar.playsByDay.count,
          longest: streak.map {
            Output.Streak(first: $0.first.description, last: $0.last.description, days: $0.days, plays: $0.plays)
          }))
    }
    guard let streak else { return "\(listener.name), \(range.label): no plays, no streak" }
    return "\(listener.name), \(range.label): longest streak \(streak.days) days, \(streak.first) to \(streak.last) "
      + "(\(streak.plays) plays); \(calendar.playsByDay.count) days with plays in all"
  }
}
