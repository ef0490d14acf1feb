import ScrobbleArchive

/// A listener's archive read in-process, as `history heatmap` and `history top` read it but without the process's
/// start-up: a year's heatmap drawn (the query, the local calendar, the coloured lines), and the top 50 of each
/// grouping for the year and for all time. The zone is the process's (`TZ`).
enum HistoryReading {
  static func run(archive path: String, year: Int) throws {
    let store = try ScrobbleStore(path: path)
    defer { store.close() }
    let statistics = ArchiveStatistics(store: store)
    var drawn = 0
    let heatmap = try measure("history heatmap --year \(year), drawn in-process", operations: 5) {
      let heatmap = CalendarHeatmap(year: year, calendar: try statistics.calendar(in: .year(year)))
      drawn += heatmap.lines(palette: .xterm256).joined(separator: "\n").utf8.count
    }
    print(heatmap.line)
    for grouping in PlayGrouping.allCases {
      for (name, range) in [("--year \(year)", ListeningRange.year(year)), ("all time", .allTime)] {
        var entries = 0
        let top = try measure("history top --by \(grouping) \(name) --limit 50, in-process", operations: 5) {
          entries += try statistics.top(grouping, in: range, limit: 50).entries.count
        }
        print(top.line)
        precondition(entries > 0, "no plays in \(name): is \(path) an archive?")
      }
    }
    precondition(drawn > 0)
  }
}
