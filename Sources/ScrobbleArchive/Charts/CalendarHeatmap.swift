/// A year of plays as GitHub draws contributions: a cell a day, weeks (Monday first) as columns, weekdays as rows,
/// 54 columns at most, one character each, so the chart with its labels is 58 columns wide.
public struct CalendarHeatmap: Sendable, Equatable {
  public let year: Int
  /// Plays on each day of the year, January 1 first.
  public let plays: [Int]
  public let scale: PlayScale

  public static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  public static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  /// Columns the weekday labels take.
  static let labelWidth = 4

  public init(year: Int, calendar: ListeningCalendar) {
    let first = LocalDate(year: year, month: 1, day: 1).dayNumber
    let days = LocalDate.isLeapYear(year) ? 366 : 365
    self.year = year
    plays = (0..<days).map { calendar.playsByDay[first + $0] ?? 0 }
    scale = PlayScale(largest: plays.max() ?? 0)
  }

  /// The date of each day of the year, in the order of `plays`.
  public var dates: [LocalDate] {
    let first = LocalDate(year: year, month: 1, day: 1).dayNumber
    return plays.indices.map { LocalDate(dayNumber: first + $0) }
  }

  /// Where day `index` of the year sits: its week column and weekday row.
  public func position(ofDay index: Int) -> (column: Int, row: Int) {
    let shifted = index + LocalDate(year: year, month: 1, day: 1).weekdayFromMonday
    return (shifted / 7, shifted % 7)
  }

  public var columnCount: Int { position(ofDay: plays.count - 1).column + 1 }

  /// The month labels, the seven weekday rows and the legend.
  public func lines(palette: ChartPalette) -> [String] {
    var grid = Array(repeating: Array(repeating: Int?.none, count: columnCount), count: 7)
    for (index, count) in plays.enumerated() {
      let (column, row) = position(ofDay: index)
      grid[row][column] = scale.level(of: count)
    }
    var header = Array(repeating: Character(" "), count: Self.labelWidth + columnCount + 3)
    for month in 1...12 {
      let dayIndex =
        LocalDate(year: year, month: month, day: 1).dayNumber
        - LocalDate(year: year, month: 1, day: 1).dayNumber
      // A month that starts late in its week is labelled from the next column, above its first full week.
      var column = position(ofDay: dayIndex).column
      if position(ofDay: dayIndex).row > 3 { column += 1 }
      for (offset, letter) in Self.monthNames[month - 1].enumerated() {
        header[Self.labelWidth + column + offset] = letter
      }
    }
    var lines = [String(String(header).dropLast(while: { $0 == " " }))]
    for row in 0..<7 {
      lines.append(Self.weekdayNames[row] + " " + palette.row(grid[row].map { ($0, 1) }))
    }
    lines.append(
      String(repeating: " ", count: Self.labelWidth) + scale.legend(palette: palette, unit: "plays a day"))
    return lines
  }
}

extension String {
  fileprivate func dropLast(while predicate: (Character) -> Bool) -> Substring {
    var end = endIndex
    while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
    return self[startIndex..<end]
  }
}
