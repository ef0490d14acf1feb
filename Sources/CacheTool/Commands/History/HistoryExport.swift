import ArgumentParser
import ScrobbleArchive
import TerminalUI
import ToolOptions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct HistoryExport: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a listener's archive, or a range of it, as CSV or JSON on standard output, newest first.",
    discussion: """
      CSV: a header uts,utc_time,artist,album,track,loved, one play a row (history import reads it back). JSON: \
      {"count": N, "scrobbles": [...]} (docs/schemas/imgcache-history-export.schema.json). The range is in local \
      time (TZ), given as for every history command: --year 2023, --month 2023-11, --from 2023-06 --to 2023-08.
      """)

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions
  @OptionGroup var lastFM: LastFMOptions
  @OptionGroup var archive: ArchiveOptions
  @OptionGroup(title: "Range") var range: RangeOptions

  @Argument(help: "The Last.fm listener.")
  var user: String

  @Flag(help: "CSV (the default).")
  var csv = false

  @Flag(help: "JSON.")
  var json = false

  func run() async throws {
    try await reportingFailures {
      try export(context: .process) { bytes in try Console.write(bytes) }
    }
  }

  /// Writes the range's plays, newest first, to `write`, the days counted in `context`'s zone.
  func export(context: HistoryContext, write: ([UInt8]) throws -> Void) throws {
    guard !(csv && json) else { throw CommandFailure("--csv and --json: choose one") }
    let window = Self.window(try range.range(), zone: context.zone)
    let store = try ArchiveOpening.open(user: user, options: archive, create: false, environment: context.environment)
    defer { store.close() }
    try ScrobbleExport.run(store, format: json ? .json : .csv, range: window, write: write)
  }

  /// `range` as the export takes it: unix seconds, both ends included; nil for all time.
  static func window(_ range: ListeningRange, zone: LocalZone) -> ClosedRange<Int>? {
    guard !range.isAllTime else { return nil }
    let interval = range.interval(in: zone)
    let lower = interval.lowerBound == Int64.min ? Int.min : Int(interval.lowerBound)
    let upper = interval.upperBound == Int64.max ? Int.max : Int(interval.upperBound) - 1
    return lower...max(lower, upper)
  }
}

struct HistoryImport: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Add the plays of an exported CSV (lastfm-to-csv's, or one with a header) to a listener's archive.",
    discussion: """
      lastfm-to-csv writes artist,album,track,date with the date to the minute (UTC): a minute's plays go on its \
      first second, and a minute (or a second) the archive already holds is left as it is, so importing twice \
      adds nothing twice. See docs/history.md.
      """)

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions
  @OptionGroup var lastFM: LastFMOptions
  @OptionGroup var archive: ArchiveOptions

  @Argument(help: "The Last.fm listener.")
  var user: String

  @Argument(help: "The CSV file ('-' for standard input).")
  var file: String

  @Flag(help: "Print the summary as JSON.")
  var json = false

  func run() async throws {
    try await reportingFailures {
      let bytes = try Self.read(file)
      let store = try ArchiveOpening.open(user: user, options: archive, create: true)
      defer { store.close() }
      let summary: ScrobbleImport.Summary
      do {
        summary = try ScrobbleImport.run(String(decoding: bytes, as: UTF8.self), into: store)
      } catch let error as ScrobbleImport.ImportError {
        throw CommandFailure(error.description)
      } catch let error as ArchiveError {
        throw CommandFailure(error.description + "; nothing of the file was added")
      }
      if json {
        try Console.print(try Console.json(summary))
      } else {
        var line = "\(summary.added) of \(summary.rows) plays added"
        if summary.alreadyKept > 0 { line += ", \(summary.alreadyKept) already in the archive" }
        if summary.unreadable > 0 {
          line +=
            ", \(summary.unreadable) unreadable (lines \(summary.unreadableLines.map(String.init).joined(separator: ", ")))"
        }
        try Console.print(line)
      }
    }
  }

  /// The file's bytes; `-` is standard input. read(2), so a pipe (`<(…)`) reads as well as a file.
  static func read(_ path: String) throws -> [UInt8] {
    let failure = CommandFailure("cannot read \(TerminalText.sanitize(path)); check the path")
    if path == "-" {
      guard let bytes = DescriptorReading.readToEnd(STDIN_FILENO) else { throw failure }
      return bytes
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure }
    defer { close(descriptor) }
    guard let bytes = DescriptorReading.readToEnd(descriptor) else { throw failure }
    return bytes
  }
}
