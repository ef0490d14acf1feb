import ArgumentParser
import ScrobbleArchive
import ToolOptions

/// `imgcache history on-this-day NAME`: this calendar day in the earlier years.
struct HistoryOnThisDay: AsyncParsableCommand, ArchiveReading {
  static let configuration = CommandConfiguration(
    commandName: "on-this-day", abstract: "What was played on this calendar day in earlier years.")

  @OptionGroup var listener: ListenerArchiveOptions

  @Option(help: ArgumentHelp("The day to look back from, YYYY-MM-DD (default: today).", valueName: "date"))
  var date: String?

  @Flag(help: "Print as JSON.")
  var json = false

  struct Output: Codable {
    var listener: String
    var date: String
    var timeZone: String?
    var years: [Year]

    struct Year: Codable {
      var date: String
      var plays: Int
      var topArtists: [Artist]
    }

    struct Artist: Codable {
      var artist: String
      var plays: Int
    }
  }

  func output(_ statistics: ArchiveStatistics, context: HistoryContext) throws -> String {
    let day: LocalDate
    if let date {
      guard case .day(let given)? = CalendarText.span(date) else {
        throw CommandFailure("--date: expected a date such as 2024-03-31, got \"\(RangeOptions.shown(date))\"")
      }
      day = given
    } else {
      day = context.today
    }
    let years = try statistics.onThisDay(day)
    if json {
      return try Console.json(
        Output(
          listener: listener.name, date: day.description, timeZone: context.zoneName,
          years: years.map { year in
            Output.Year(
              date: year.date.description, plays: year.plays,
              topArtists: year.topArtists.map { Output.Artist(artist: ArchiveText.data($0.artist), plays: $0.plays) })
          }))
    }
    var lines = ["On this day (\(day.description.dropFirst(5))) for \(listener.name):"]
    if years.isEmpty { lines.append("(no plays on this day in earlier years)") }
    for year in years {
      let artists = year.topArtists.map { "\(ArchiveText.shown($0.artist)) (\($0.plays))" }.joined(separator: ", ")
      lines.append("\(year.date.year): \(year.plays) plays: \(artists)")
    }
    return lines.joined(separator: "\n")
  }
}
