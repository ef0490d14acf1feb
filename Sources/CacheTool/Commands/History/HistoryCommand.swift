import ArgumentParser

/// `imgcache history`: a listener's scrobbles kept on disk (synced from Last.fm, exported, imported), and what
/// they say over any range of days.
struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Keep a listener's whole listening history on disk and ask it anything, over any range of days.",
    discussion: """
      imgcache history sync NAME   (the first run fetches everything, later runs only what is new)
      imgcache history top NAME --year 2019 --by album   (and new, streak, time, on-this-day)
      imgcache history heatmap NAME --year 2024   (and clock, months)
      imgcache history export NAME [--csv|--json] [RANGE]   imgcache history import NAME FILE
      Ranges are local days (TZ): --year 2019, --month 2024-03, or --from 2019-01-01 --to 2019-12-31 (either end \
      may also be a month or a year). Without one, all time.
      The archive is data, not cache: one SQLite file per listener under $XDG_DATA_HOME/imgcache/history \
      (--archive-dir chooses another folder); clear, trim and the cache's limits never touch it. See \
      docs/history.md.
      """,
    subcommands: [
      HistorySync.self, HistoryExport.self, HistoryImport.self, HistoryTop.self, HistoryFirstListens.self,
      HistoryStreak.self, HistoryListeningTime.self, HistoryOnThisDay.self, HistoryHeatmap.self, HistoryClock.self,
      HistoryMonths.self,
    ])
}
