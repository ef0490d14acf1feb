import ArgumentParser
import FoundationEssentials
import ScrobbleArchive
import TerminalUI
import ToolOptions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a history command reading an archive runs in: the environment, the zone, the moment it counts as now,
/// and whether stdout is a terminal (for the charts' colours). Tests give their own.
struct HistoryContext {
  var environment: [String: String]
  var zone = LocalZone.current
  /// Unix seconds.
  var now: Int64
  var isTerminal = false

  static var process: HistoryContext {
    HistoryContext(
      environment: ProcessInfo.processInfo.environment, now: Int64(time(nil)), isTerminal: Console.stdoutIsTerminal)
  }

  /// The zone's name for the JSON: the one given to a test, else `TZ`, else nil (the system's /etc/localtime).
  var zoneName: String? { zone.name ?? environment["TZ"].flatMap { $0.isEmpty ? nil : $0 } }

  var today: LocalDate { zone.date(at: now) }
}

/// A history command that reads one listener's archive. It also takes the cache and Last.fm options every history
/// command takes, so one command line works for all of them; reading the archive needs neither.
protocol ArchiveReading: AsyncParsableCommand {
  var listener: ListenerArchiveOptions { get }

  /// What the command prints (text or JSON), for `statistics` in `context`.
  func output(_ statistics: ArchiveStatistics, context: HistoryContext) throws -> String
}

extension ArchiveReading {
  func output(context: HistoryContext) throws -> String {
    let store = try ArchiveOpening.open(
      user: listener.name, options: listener.archive, create: false, environment: context.environment)
    defer { store.close() }
    return try output(ArchiveStatistics(store: store, zone: context.zone), context: context)
  }

  func run() async throws {
    try await reportingFailures {
      try Console.print(try output(context: .process))
    }
  }
}

/// The listener and their archive, with the cache and Last.fm options every history command takes.
struct ListenerArchiveOptions: ParsableArguments {
  @Argument(help: "The listener whose archive to read.")
  var name: String
  @OptionGroup var archive: ArchiveOptions
  @OptionGroup var cache: CacheOptions
  @OptionGroup var lastFM: LastFMOptions

  init() {}
}

/// The fields every history JSON output starts with.
struct HistoryRangeJSON: Codable, Equatable {
  var listener: String
  /// First and last day, YYYY-MM-DD; absent for an open end.
  var from: String?
  var to: String?
  /// The `TZ` the days are in; absent for the system's zone.
  var timeZone: String?

  init(listener: String, range: ListeningRange, context: HistoryContext) {
    self.listener = listener
    from = range.first?.description
    to = range.last?.description
    timeZone = context.zoneName
  }
}

/// Names from the archive (Last.fm's text) on their way out: cleaned for the terminal, or of control characters
/// only for JSON, where a name's other characters are part of it.
enum ArchiveText {
  static func shown(_ text: String) -> String { TerminalText.sanitize(text) }
  static func data(_ text: String) -> String { TerminalText.removingControls(text) }
  static func data(_ text: String?) -> String? { text.map(TerminalText.removingControls) }
}

/// Numbers right-aligned to the widest of them.
enum Columns {
  static func rightAligned(_ value: Int, width: Int) -> String {
    let text = String(value)
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }

  static func width(of values: [Int]) -> Int { values.map { String($0).count }.max() ?? 1 }
}
