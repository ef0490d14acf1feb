/// Plays per month as horizontal bars, one line a month, eighths of a column for the bar's end.
public struct MonthlyBars: Sendable, Equatable {
  public let months: [(month: LocalDate, plays: Int)]
  /// Columns the longest bar takes.
  public let width: Int

  public init(calendar: ListeningCalendar, width: Int = 50) {
    months = calendar.playsByMonth
    self.width = max(1, width)
  }

  public static func == (left: MonthlyBars, right: MonthlyBars) -> Bool {
    left.width == right.width && left.months.map(\.month) == right.months.map(\.month)
      && left.months.map(\.plays) == right.months.map(\.plays)
  }

  static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// `YYYY-MM ████▌ 1234`, at most 8 + width + 1 + digits columns.
  public func lines(palette: ChartPalette) -> [String] {
    let largest = months.map(\.plays).max() ?? 0
    return months.map { entry in
      let eighthsLong = largest > 0 ? (entry.plays * width * 8 + largest / 2) / largest : 0
      var bar = String(repeating: "█", count: eighthsLong / 8)
      if eighthsLong % 8 > 0 { bar.append(Self.eighths[eighthsLong % 8 - 1]) }
      if entry.plays > 0 && bar.isEmpty { bar = String(Self.eighths[0]) }
      let drawn = bar.isEmpty ? "" : palette.barSGR.map { "\u{1B}[\($0)m" + bar + "\u{1B}[0m" } ?? bar
      return entry.month.monthText + " " + drawn + (bar.isEmpty ? "" : " ") + "\(entry.plays)"
    }
  }
}
