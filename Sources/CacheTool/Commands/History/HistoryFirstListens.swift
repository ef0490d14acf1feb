import ArgumentParser
import ScrobbleArchive
import ToolOptions

/// `imgcache history new NAME`: the artists or albums first played in a range.
struct HistoryFirstListens: AsyncParsableCommand, ArchiveReading {
  static let configuration = CommandConfiguration(
    commandName: "new", abstract: "First listens: the artists or albums new in a range, in the order they came.",
    discussion: "imgcache history new nightjar_radio --month 2024-03 --by album")

  @OptionGroup var listener: ListenerArchiveOptions
  @OptionGroup(title: "Range") var range: RangeOptions

  @Option(help: "Artists or albums: artist or album.")
  var by: PlayGrouping = .artist

  @Flag(help: "Print as JSON.")
  var json = false

  struct Output: Codable {
    var range: HistoryRangeJSON
    var by: String
    var entries: [Entry]

    struct Entry: Codable {
      var artist: String
      var album: String?
      /// The local date of the first play.
      var firstPlayed: String
      var playsInRange: Int
    }
  }

  func output(_ statistics: ArchiveStatistics, context: HistoryContext) throws -> String {
    guard by != .track else { throw CommandFailure("--by: first listens are of artists or albums") }
    let range = try self.range.range()
    let entries = try statistics.firstListens(by, in: range)
    let dates = entries.map { statistics.zone.date(at: $0.firstPlayed) }
    if json {
      return try Console.json(
        Output(
          range: HistoryRangeJSON(listener: listener.name, range: range, context: context), by: by.rawValue,
          entries: zip(entries, dates).map { entry, date in
            Output.Entry(
              artist: ArchiveText.data(entry.artist), album: ArchiveText.data(entry.album),
              firstPlayed: date.description, playsInRange: entry.playsInRange)
          }))
    }
    var lines = ["New \(by.rawValue)s of \(listener.name), \(range.label): \(entries.count)"]
    let playsWidth = Columns.width(of: entries.map(\.playsInRange))
    for (entry, date) in zip(entries, dates) {
      let title = [entry.artist, entry.album].compactMap { $0 }.map(ArchiveText.shown).joined(separator: " - ")
      lines.append("\(date)  \(Columns.rightAligned(entry.playsInRange, width: playsWidth)) plays  \(title)")
    }
    return lines.joined(separator: "\n")
  }
}
