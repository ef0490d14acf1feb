import ArgumentParser
import FoundationEssentials
import ImageCache
import LastFM
import ScrobbleArchive
import TerminalUI
import ToolOptions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct HistorySync: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Bring a listener's archive up to date: everything the first time, then only what is new.",
    discussion: """
      A sync killed at any moment resumes where it stopped. Requests are paced under Last.fm's limit (5 a second) \
      and retried with backoff on errors 29, 8, 11, 16 and HTTP 5xx; a page that fails is never skipped. At the \
      end the archive's count is compared with the profile's playcount, and a difference is said in one line.
      """)

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions
  @OptionGroup var lastFM: LastFMOptions
  @OptionGroup var archive: ArchiveOptions

  @Argument(help: "The Last.fm listener (demo: nightjar_radio).")
  var user: String

  @Flag(help: "Print the summary as JSON.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Requests a second to another Last.fm-compatible server (0: unpaced); Last.fm itself is always paced at 5.",
      valueName: "n"))
  var requestsPerSecond: Double?

  func run() async throws {
    try await reportingFailures {
      global.bootstrapLogging()
      let store = try ArchiveOpening.open(user: user, options: archive, create: true)
      defer { store.close() }
      let catalog = try await lastFM.settings.source()
      let started = ContinuousClock.now
      let transport = ImageManager.makeTransport(try global.configuration())
      var configuration = catalog.configuration
      if let requestsPerSecond {
        guard requestsPerSecond >= 0, !(configuration.baseURL.host ?? "").hasSuffix("audioscrobbler.com") else {
          await catalog.shutdown()
          throw CommandFailure("--requests-per-second: Last.fm asks for at most 5 a second; it is not changed for it")
        }
        configuration.maxRequestsPerSecond = requestsPerSecond
      }
      let client = LastFMClient(configuration: configuration, loader: transport)
      let source = LastFMPlaySource(client: client, user: user, serviceName: catalog.serviceName)
      let bar = SyncProgressBar(enabled: Console.stderrIsTerminal)
      let sync = ArchiveSync(store: store, source: source)
      let interrupts = InterruptHandler()
      let work = Task { () async throws -> SyncReport in
        try await sync.run(now: Int(time(nil))) { bar.update($0) }
      }
      interrupts.cancels(work)
      let outcome = await work.result
      withExtendedLifetime(interrupts) {}
      bar.finish()
      let report: SyncReport
      do {
        report = try outcome.get()
      } catch {
        await catalog.shutdown()
        if work.isCancelled {
          throw CommandFailure("interrupted; the next sync resumes where this one stopped", exitCode: 130)
        }
        throw CommandFailure(Self.line(error))
      }
      let playcount = try? await client.listenerProfile(user).playcount
      await catalog.shutdown()
      let summary = HistorySyncSummary(
        user: user, archive: store.path, report: report, playcount: playcount,
        seconds: Double((ContinuousClock.now - started).components.attoseconds) / 1e18
          + Double((ContinuousClock.now - started).components.seconds))
      if let difference = summary.differenceLine { Console.note(difference) }
      try Console.print(json ? try Console.json(summary) : summary.line)
    }
  }

  /// The one line of a failed sync: the source's own, or the archive's, which says the archive is as it was.
  static func line(_ error: any Error) -> String {
    switch error {
    case let failure as PlaySourceError:
      failure.description + "; the archive is as it was before that page, and the next sync resumes there"
    case let failure as ArchiveError: failure.description
    case is CancellationError: "interrupted; the next sync resumes where this one stopped"
    default: "the sync failed: \(error)"
    }
  }
}

/// What `history sync` prints: one line, or JSON (docs/schemas/imgcache-history-sync.schema.json).
struct HistorySyncSummary: Encodable {
  var user: String
  var archive: String
  var count: Int
  var added: Int
  var refetched: Int
  var pages: Int
  var requests: Int
  var resumed: Bool
  /// `user.getInfo`'s playcount; nil when it could not be had.
  var playcount: Int?
  var seconds: Double

  init(user: String, archive: String, report: SyncReport, playcount: Int?, seconds: Double) {
    self.user = user
    self.archive = archive
    count = report.countAfter
    added = report.countAfter - report.countBefore
    refetched = report.refetched
    pages = report.pages
    requests = report.requests
    resumed = report.resumed
    self.playcount = playcount
    self.seconds = (seconds * 1000).rounded() / 1000
  }

  var line: String {
    let name = TerminalText.sanitize(user)
    let sign = added >= 0 ? "+" : ""
    return "\(name): \(count) scrobbles (\(sign)\(added)) in \(TerminalText.sanitize(archive)); \(pages) pages, "
      + "\(requests) requests in \((seconds * 10).rounded() / 10) s" + (resumed ? ", resumed" : "")
  }

  /// One line when the profile's playcount differs from the archive's count, with the likely cause.
  var differenceLine: String? {
    guard let playcount, playcount != count else { return nil }
    let cause =
      playcount > count
      ? "likely scrobbles that arrived after the sync started (the next sync brings them), or plays Last.fm counts "
        + "but no longer lists"
      : "likely scrobbles deleted on Last.fm after the sync started, or a playcount Last.fm has not updated yet"
    return "note: the archive holds \(count) scrobbles, the profile counts \(playcount): \(cause)"
  }
}

/// The sync's bar on a terminal: pages, scrobbles and time left.
final class SyncProgressBar: Sendable {
  private let enabled: Bool
  private let started = ContinuousClock.now

  init(enabled: Bool) { self.enabled = enabled }

  func update(_ progress: SyncProgress) {
    guard enabled else { return }
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let fraction = progress.expected == 0 ? 1 : min(1, Double(progress.staged) / Double(progress.expected))
    let filled = Int((fraction * 30).rounded(.down))
    var text = String(repeating: "█", count: filled) + String(repeating: "░", count: 30 - filled)
    text += " \(progress.pages) pages  \(progress.staged)/\(progress.expected) scrobbles"
    if progress.staged > 0 && fraction < 1 {
      text += "  ETA \(ProgressBar.clock(seconds / fraction - seconds))"
    }
    StandardStreams.error.writeIgnoringFailure("\r\u{1B}[2K" + text)
  }

  func finish() {
    guard enabled else { return }
    StandardStreams.error.writeIgnoringFailure("\r\u{1B}[2K")
  }
}
