import ImageCacheSupport
import TerminalUI
import TestSupport
import Testing

@testable import ScrobbleArchive

/// The charts drawn from an archive: every heatmap cell against a count SQLite makes itself between the day's two
/// local midnights, and every form (256 colours, 16, none) the same cells at the same places.
@Suite struct ChartTests {
  static let zone = LocalZone(name: "America/New_York")

  /// About 3,000 plays over 2024 and its edges, many within an hour of a local midnight.
  static func plays() -> [ScratchArchive.Play] {
    var random = SplitMix64(seed: 41)
    let start = zone.start(of: LocalDate(year: 2023, month: 12, day: 30))
    let end = zone.start(of: LocalDate(year: 2025, month: 1, day: 2))
    return (0..<3000).map { index in
      let nearMidnight = index % 3 == 0
      let day = Int64.random(in: 0..<((end - start) / 86_400), using: &random)
      let within =
        nearMidnight ? Int64.random(in: -3600..<3600, using: &random) : Int64.random(in: 0..<86_400, using: &random)
      let time = min(max(start, start + day * 86_400 + within), end - 1)
      return ScratchArchive.Play(time, "Artist \(index % 7)")
    }
  }

  @Test func everyHeatmapCellIsTheArchivesCountForThatLocalDay() throws {
    let archive = try ScratchArchive()
    defer { archive.remove() }
    try archive.add(Self.plays())
    let statistics = ArchiveStatistics(store: archive.store, zone: Self.zone)
    let heatmap = CalendarHeatmap(year: 2024, calendar: try statistics.calendar(in: .year(2024)))
    #expect(heatmap.plays.count == 366)
    var expected: [Int] = []
    try archive.store.read { connection in
      for date in heatmap.dates {
        let day = Self.zone.interval(from: date, through: date)
        expected.append(
          Int(
            try connection.fetchValue(
              Int64.self, sql: "SELECT count(*) FROM scrobble WHERE time >= ? AND time < ?",
              arguments: [day.lowerBound, day.upperBound]) ?? 0))
      }
    }
    #expect(heatmap.plays == expected)
    #expect(heatmap.plays.reduce(0, +) == (try statistics.playCount(in: .year(2024))))

    // The plain form: each day's character at its week column and weekday row is the glyph of its level.
    let lines = heatmap.lines(palette: .shades)
    #expect(lines.count == 9)
    let rows = lines[1...7].map { Array($0.dropFirst(4)) }
    for (index, plays) in heatmap.plays.enumerated() {
      let (column, row) = heatmap.position(ofDay: index)
      #expect(rows[row][column] == ChartPalette.shadeGlyphs[heatmap.scale.level(of: plays)], "day \(index)")
    }
    #expect(heatmap.position(ofDay: 0) == (0, 0), "2024 began on a Monday")
    #expect(heatmap.position(ofDay: 365) == (52, 1), "and ended on a Tuesday")
    #expect(lines.allSatisfy { TerminalText.displayWidth($0) <= 80 })
    #expect(!lines.joined().contains("\u{1B}"))
    #expect(lines[0].hasPrefix("    Jan"))
  }

  @Test(arguments: [ChartPalette.xterm256, .ansi16])
  func theColourFormsDrawTheSameCellsInColour(palette: ChartPalette) {
    var calendar = ListeningCalendar(localTimes: [])
    let dayOne = LocalDate(year: 2021, month: 1, day: 1)
    let times = (0..<10).flatMap { day in
      (0..<(day + 1)).map { _ in Int64(dayOne.adding(days: day).dayNumber) * 86_400 + 43_200 }
    }
    calendar = ListeningCalendar(localTimes: times)
    let heatmap = CalendarHeatmap(year: 2021, calendar: calendar)
    let lines = heatmap.lines(palette: palette)
    #expect(lines.allSatisfy { TerminalText.colouredTextWidth($0).map { $0 <= 80 } ?? false }, "only SGR codes")
    // 2021-01-01 was a Friday: row 4, column 0; 10 plays on 2021-01-10 (Sunday, row 6, column 1) is the top level.
    let top = palette.cell(level: 4)
    #expect(lines[7].contains("\u{1B}[0;\(top.sgr!)m\(top.glyph)"))
    let lastCodes = lines.compactMap {
      $0.split(separator: "\u{1B}[", omittingEmptySubsequences: false).dropFirst().last
    }
    #expect(lastCodes.count == 8 && lastCodes.allSatisfy { $0.hasPrefix("0m") }, "every line ends reset")
  }

  @Test func theClockAndTheBarsFitAndScale() {
    // Monday 2024-01-01 09:xx, three times; Sunday 2024-01-07 23:xx, once.
    let monday = Int64(LocalDate(year: 2024, month: 1, day: 1).dayNumber) * 86_400
    let calendar = ListeningCalendar(localTimes: [
      monday + 9 * 3600, monday + 9 * 3600 + 5, monday + 9 * 3600 + 9,
      monday + 6 * 86_400 + 23 * 3600, monday + 40 * 86_400,
    ])
    let clock = ListeningClockChart(calendar: calendar).lines(palette: .shades)
    #expect(clock.count == 9)
    #expect(clock[1] == "Mon " + String(repeating: "·", count: 18) + "██" + String(repeating: "·", count: 28))
    #expect(clock[7].hasSuffix("▒▒"), "1 of 3 at most is level 2")
    #expect(clock.allSatisfy { TerminalText.displayWidth($0) <= 80 })
    let bars = MonthlyBars(calendar: calendar, width: 40).lines(palette: .shades)
    #expect(bars == ["2024-01 " + String(repeating: "█", count: 40) + " 4", "2024-02 ██████████ 1"])
  }
}
