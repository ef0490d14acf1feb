import ArgumentParser
import ScrobbleArchive
import ToolOptions

/// `imgcache history top NAME`: the most played artists, albums or tracks of a range.
struct HistoryTop: AsyncParsableCommand, ArchiveReading {
  static let configuration = CommandConfiguration(
    commandName: "top", abstract: "The most played artists, albums or tracks of a range, with their plays.",
    discussion: "imgcache history top nightjar_radio --by album --year 2019 --limit 10")

  @OptionGroup var listener: ListenerArchiveOptions
  @OptionGroup(title: "Range") var range: RangeOptions

  @Option(help: "What to count plays of: artist, album or track.")
  var by: PlayGrouping = .artist

  @Option(help: "How many to list (1 to 10000).")
  var limit = 50

  @Flag(help: "Print as JSON.")
  var json = false

  struct Output: Codable {
    var range: HistoryRangeJSON
    var by: String
    var plays: Int
    var entries: [Entry]

    struct Entry: Codable {
      var rank: Int
      var artist: String
      var album: String?
      var track: String?
      var plays: Int
    }
  }

  func output(_ statistics: ArchiveStatistics, context: HistoryContext) throws -> String {
    guard (1...10_000).contains(limit) else { throw CommandFailure("--limit: expected 1 to 10000, got \(limit)") }
    let range = try self.range.range()
    let chart = try statistics.top(by, in: range, limit: limit)
    let (entries, plays) = (chart.entries, chart.plays)
    if json {
      return try Console.json(
        Output(
          range: HistoryRangeJSON(listener: listener.name, range: range, context: context), by: by.rawValue,
          plays: plays,
          entries: entries.enumerated().map { index, entry in
            Output.Entry(
              rank: index + 1, artist: ArchiveText.data(entry.artist), album: ArchiveText.data(entry.album),
              track: ArchiveText.data(entry.track), plays: entry.plays)
          }))
    }
    var lines = ["Top \(by.rawValue)s of \(listener.name), \(range.label): \(plays) plays"]
    if entries.isEmpty { lines.append("(no plays in this range)") }
    let rankWidth = String(entries.count).count
    let playsWidth = Columns.width(of: entries.map(\.plays))
    for (index, entry) in entries.enumerated() {
      let title = [entry.artist, entry.album ?? entry.track].compactMap { $0 }.map(ArchiveText.shown)
        .joined(separator: " - ")
      lines.append(
        "\(Columns.rightAligned(index + 1, width: rankWidth)). "
          + "\(Columns.rightAligned(entry.plays, width: playsWidth))  \(title)")
    }
    return lines.joined(separator: "\n")
  }
}

extension PlayGrouping: ExpressibleByArgument {}
