/// When the listener listens: hours of the local day as columns (two characters each), weekdays as rows.
public struct ListeningClockChart: Sendable, Equatable {
  /// `plays[weekday][hour]`, Monday first.
  public let plays: [[Int]]
  public let scale: PlayScale

  public init(calendar: ListeningCalendar) {
    plays = calendar.clock
    scale = PlayScale(largest: plays.joined().max() ?? 0)
  }

  /// The hour labels, the seven weekday rows and the legend: 52 columns.
  public func lines(palette: ChartPalette) -> [String] {
    let hours = stride(from: 0, to: 24, by: 3).map { LocalDate.padded($0, 2) }.joined(separator: "    ")
    var lines = ["    " + hours]
    for (row, name) in CalendarHeatmap.weekdayNames.enumerated() {
      lines.append(name + " " + palette.row(plays[row].map { (scale.level(of: $0), 2) }))
    }
    lines.append("    " + scale.legend(palette: palette, unit: "plays an hour"))
    return lines
  }
}
