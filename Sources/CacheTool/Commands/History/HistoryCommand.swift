import ArgumentParser

/// `imgcache history`: a listener's scrobbles kept on disk, and what they say.
struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Keep a listener's scrobbles on disk and ask them anything, over any range of days.",
    discussion: """
      Ranges are local days (TZ): --year 2019, --month 2024-03, or --from 2019-01-01 --to 2019-12-31 (either end \
      may also be a month or a year). Without one, all time.
      """,
    subcommands: [
      HistoryTop.self, HistoryFirstListens.self, HistoryStreak.self, HistoryListeningTime.self,
      HistoryOnThisDay.self, HistoryHeatmap.self, HistoryClock.self, HistoryMonths.self,
    ])
}
