import ArgumentParser
import BlockArt
import ScrobbleArchive
import ToolOptions

/// How the charts are drawn: `--plain` (or NO_COLOR, or output that is not a terminal) gives shade characters
/// and no escape sequences; otherwise the colours the terminal promises, by the rule block art follows.
struct ChartStyleOptions: ParsableArguments {
  @Flag(help: "No colours: the chart in shade characters (as with NO_COLOR or when not writing to a terminal).")
  var plain = false

  @Flag(help: "Print the counts as JSON instead of the chart.")
  var json = false

  init() {}

  func palette(_ context: HistoryContext) -> ChartPalette {
    switch ColorMode.detect(
      environment: context.environment, isTerminal: context.isTerminal, forced: plain ? .noColor : nil)
    {
    case .trueColor, .xterm256: .xterm256
    case .ansi16: .ansi16
    case .noColor: .shades
    }
  }
}

/// `imgcache history heatmap NAME`: a year as a calendar of days.
struct HistoryHeatmap: AsyncParsableCommand, ArchiveReading {
  static let configuration = CommandConfiguration(
    commandName: "heatmap", abstract: "A year's plays as a calendar: a cell a day, weeks as columns.")

  @OptionGroup var listener: ListenerArchiveOptions
  @OptionGroup var style: ChartStyleOptions

  @Option(help: ArgumentHelp("The year to draw (default: this year).", valueName: "year"))
  var year: String?

  struct Output: Codable {
    var range: HistoryRangeJSON
    var plays: Int
    var maxPlaysADay: Int
    var days: [Day]

    struct Day: Codable {
      var date: String
      var plays: Int
      /// 0 (none) to 4, as drawn.
      var level: Int
    }
  }

  func output(_ statistics: ArchiveStatistics, context: HistoryContext) throws -> String {
    var chosen = context.today.year
    if let year {
      guard case .year(let number)? = CalendarText.span(year) else {
        throw CommandFailure("--year: expected a year such as 2019, got \"\(RangeOptions.shown(year))\"")
      }
      chosen = number
    }
    let range = ListeningRange.year(chosen)
    let heatmap = CalendarHeatmap(
      year: chosen, calendar: try statistics.calendar(in: range))
    guard style.json else {
      return
        (["\(listener.name), \(chosen): \(heatmap.plays.reduce(0, +)) plays"]
        + heatmap.lines(palette: style.palette(context))).joined(separator: "\n")
    }
    return try Console.json(
      Output(
        range: HistoryRangeJSON(listener: listener.name, range: range, context: context),
        plays: heatmap.plays.reduce(0, +),
        maxPlaysADay: heatmap.scale.largest,
        days: zip(heatmap.dates, heatmap.plays).map {
          Output.Day(date: $0.description, plays: $1, level: heatmap.scale.level(of: $1))
        }))
  }
}

/// `imgcache history clock NAME`: hours of the day by day of the week.
struct HistoryClock: AsyncParsableCommand, ArchiveReading {
  static let configuration = CommandConfiguration(
    commandName: "clock", abstract: "The listening clock: plays by local hour of day and day of week.")

  @OptionGroup var listener: ListenerArchiveOptions
  @OptionGroup(title: "Range") var range: RangeOptions
  @OptionGroup var style: ChartStyleOptions

  struct Output: Codable {
    var range: HistoryRangeJSON
    var plays: Int
    var weekdays: [String]
    /// `hours[weekday][hour]`: weekday 0 is Monday.
    var hours: [[Int]]
  }

  func output(_ statistics: ArchiveStatistics, context: HistoryContext) throws -> String {
    let range = try self.range.range()
    let calendar = try statistics.calendar(in: range)
    guard style.json else {
      let chart = ListeningClockChart(calendar: calendar)
      return
        (["\(listener.name), \(range.label): \(calendar.total) plays"] + chart.lines(palette: style.palette(context)))
        .joined(separator: "\n")
    }
    return try Console.json(
      Output(
        range: HistoryRangeJSON(listener: listener.name, range: range, context: context), plays: calendar.total,
        weekdays: CalendarHeatmap.weekdayNames, hours: calendar.clock))
  }
}

/// `imgcache history months NAME`: plays per month as bars.
struct HistoryMonths: AsyncParsableCommand, ArchiveReading {
  static let configuration = CommandConfiguration(
    commandName: "months", abstract: "Plays per local month as bars.")

  @OptionGroup var listener: ListenerArchiveOptions
  @OptionGroup(title: "Range") var range: RangeOptions
  @OptionGroup var style: ChartStyleOptions

  struct Output: Codable {
    var range: HistoryRangeJSON
    var plays: Int
    var months: [Month]

    struct Month: Codable {
      var month: String
      var plays: Int
    }
  }

  func output(_ statistics: ArchiveStatistics, context: HistoryContext) throws -> String {
    let range = try self.range.range()
    let calendar = try statistics.calendar(in: range)
    let bars = MonthlyBars(calendar: calendar)
    guard style.json else {
      let lines = bars.months.isEmpty ? ["(no plays in this range)"] : bars.lines(palette: style.palette(context))
      return (["\(listener.name), \(range.label): \(calendar.total) plays"] + lines).joined(separator: "\n")
    }
    return try Console.json(
      Output(
        range: HistoryRangeJSON(listener: listener.name, range: range, context: context), plays: calendar.total,
        months: bars.months.map { Output.Month(month: $0.month.monthText, plays: $0.plays) }))
  }
}
