import ArgumentParser
import ScrobbleArchive

/// The days a command asks about, in the listener's local time (`TZ`): `--year`, `--month`, or `--from`/`--to`
/// (each a date, a month or a year: `--from 2019` starts on 2019-01-01, `--to 2019-03` ends on 2019-03-31). Nothing
/// given means all time. Shared by the history commands, and meant for `collage --user` and `warm --user`.
struct RangeOptions: ParsableArguments {
  @Option(help: ArgumentHelp("First day (YYYY-MM-DD, or YYYY-MM / YYYY for its first day).", valueName: "date"))
  var from: String?

  @Option(help: ArgumentHelp("Last day, included (YYYY-MM-DD, or YYYY-MM / YYYY for its last day).", valueName: "date"))
  var to: String?

  @Option(help: ArgumentHelp("A calendar year, such as 2019 (instead of --from/--to).", valueName: "year"))
  var year: String?

  @Option(help: ArgumentHelp("A month, such as 2024-03 (instead of --from/--to).", valueName: "month"))
  var month: String?

  init() {}

  var isGiven: Bool { from != nil || to != nil || year != nil || month != nil }

  /// The range given; all time when none is.
  func range() throws(CommandFailure) -> ListeningRange {
    let given = [("--year", year), ("--month", month), ("--from/--to", from ?? to)].filter { $0.1 != nil }
    guard given.count <= 1 else {
      throw CommandFailure("\(given[0].0) and \(given[1].0) exclude each other: give one range")
    }
    if let year {
      guard case .year(let number)? = CalendarText.span(year) else {
        throw CommandFailure("--year: expected a year such as 2019, got \"\(Self.shown(year))\"")
      }
      return .year(number)
    }
    if let month {
      guard let span = CalendarText.span(month), case .month = span else {
        throw CommandFailure("--month: expected a month such as 2024-03, got \"\(Self.shown(month))\"")
      }
      return ListeningRange(first: span.firstDay, last: span.lastDay)
    }
    let first = try from.map { text throws(CommandFailure) in try Self.span(text, option: "--from").firstDay }
    let last = try to.map { text throws(CommandFailure) in try Self.span(text, option: "--to").lastDay }
    if let first, let last, last < first {
      throw CommandFailure("--to (\(last)) is before --from (\(first))")
    }
    return ListeningRange(first: first, last: last)
  }

  private static func span(_ text: String, option: String) throws(CommandFailure) -> CalendarText.Span {
    guard let span = CalendarText.span(text) else {
      throw CommandFailure(
        "\(option): expected a date such as 2019-01-31 (or a month 2019-01, a year 2019), got \"\(shown(text))\"")
    }
    return span
  }

  /// An argument quoted back in an error: no control characters, and not a page of it.
  static func shown(_ text: String) -> String {
    TerminalTextShown.clean(text)
  }
}
