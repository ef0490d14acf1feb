import ScrobbleArchive
import TerminalUI

/// The History page's charts as screen lines: the archive's own drawings (`CalendarHeatmap`,
/// `ListeningClockChart`, `MonthlyBars`), the calendar's cells redrawn with the cursor's day marked, and blocks
/// of lines set side by side and cut to the screen by display columns (colour codes take none).
enum HistoryChartText {
  static let escape = "\u{1B}["

  /// The calendar's month labels, weekday rows and legend; `cursorDay` (the day's index in the year), when
  /// given, in reverse video.
  static func heatmap(_ heatmap: CalendarHeatmap, cursorDay: Int?, palette: ChartPalette) -> [String] {
    let drawn = heatmap.lines(palette: palette)
    guard let cursorDay, drawn.count == 9 else { return drawn }
    var rows: [[Int?]] = Array(repeating: Array(repeating: nil, count: heatmap.columnCount), count: 7)
    for (index, count) in heatmap.plays.enumerated() {
      let (column, row) = heatmap.position(ofDay: index)
      rows[row][column] = heatmap.scale.level(of: count)
    }
    let cursor = heatmap.position(ofDay: cursorDay)
    let weekdays = rows.enumerated().map { row, levels in
      CalendarHeatmap.weekdayNames[row] + " "
        + cells(levels, cursorColumn: cursor.row == row ? cursor.column : nil, palette: palette)
    }
    return [drawn[0]] + weekdays + [drawn[8]]
  }

  /// One weekday's cells: a blank where the year has no day, the cursor's cell reversed (a mark where the
  /// palette draws the level as colour alone).
  static func cells(_ levels: [Int?], cursorColumn: Int?, palette: ChartPalette) -> String {
    let last = levels.lastIndex { $0 != nil } ?? -1
    var line = ""
    var current: String?
    for (column, level) in levels.enumerated() where column <= last {
      guard let level else {
        if current != nil { line += escape + "0m" }
        current = nil
        line += " "
        continue
      }
      var (sgr, glyph) = palette.cell(level: level)
      if column == cursorColumn {
        sgr = (sgr.map { $0 + ";" } ?? "") + "7"
        if glyph == " " { glyph = "◆" }
      }
      if sgr != current {
        line += escape + "0" + (sgr.map { ";" + $0 } ?? "") + "m"
        current = sgr
      }
      line.append(glyph)
    }
    if current != nil { line += escape + "0m" }
    return line
  }

  /// `right` set beside `left`, `left` padded to `leftColumns` and a gap of two.
  static func beside(_ left: [String], leftColumns: Int, _ right: [String]) -> [String] {
    (0..<max(left.count, right.count)).map { index in
      let leftLine = index < left.count ? left[index] : ""
      let padded = leftLine + String(repeating: " ", count: max(0, leftColumns - TerminalText.displayWidth(leftLine)))
      return index < right.count ? padded + "  " + right[index] : padded
    }
  }

  /// Lines wider than `columns` whose legend explains its levels ("less ░▒▓█ more   (1-31, … plays a day)")
  /// broken before the explanation, which goes on a line of its own under the swatches.
  static func narrowed(_ lines: [String], columns: Int) -> [String] {
    lines.flatMap { line -> [String] in
      guard TerminalText.displayWidth(line) > columns, let split = line.firstRange(of: "   (") else { return [line] }
      return [String(line[..<split.lowerBound]), "    (" + line[split.upperBound...]]
    }
  }

  /// Each line cut to `columns` display columns, colours reset at its end so a cut never leaves one on.
  static func fitted(_ lines: [String], columns: Int) -> [String] {
    lines.map { line in
      let cut = TerminalText.truncate(line, toColumns: columns)
      return cut.contains("\u{1B}") ? cut + escape + "0m" : cut
    }
  }

  static func width(_ lines: [String]) -> Int { lines.map(TerminalText.displayWidth).max() ?? 0 }
}
