import ArgumentParser
import FoundationEssentials
import ImageCache
import ImageCacheSupport
import LastFM
import TerminalUI
import ToolOptions

struct Warm: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "warm",
    abstract: "Prefetch images into the cache: an artist's covers, or a list of URLs.",
    discussion: """
      imgcache warm "Artist Name" [--albums N] [--similar N] [--size large]
      imgcache warm --urls FILE   (one URL a line; - reads standard input)
      imgcache warm --user NAME [--period 7day] [--albums N]   (a listener's top albums; try nightjar_radio)
      imgcache warm --user NAME --year 2019 [--albums N]   (that year's top albums, from the archive or the API; \
      also --month, --from/--to)
      imgcache warm --tag NAME [--albums N]   (a tag's top albums)
      With no Last.fm key configured, artists come from the embedded demo catalog.
      """)

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions
  @OptionGroup var lastFM: LastFMOptions
  @OptionGroup var covers: CoverSubjectOptions

  @Argument(help: "Artist whose album covers to prefetch (autocorrected).")
  var artist: String?

  @Option(help: "File with one URL a line ('-' for standard input; blank lines and # comments skipped).")
  var urls: String?

  @Option(help: "At most this many of the artist's, listener's or tag's top albums (default: all on the first page).")
  var albums: Int?

  @Option(help: "Also warm the covers of this many similar artists.")
  var similar: Int = 0

  @Option(help: "Cover size: small (34 px), medium (64), large (174), extralarge (300).")
  var size: ImageSet.Size = .large

  @Flag(help: "Print the summary as JSON.")
  var json = false

  func run() async throws {
    try await reportingFailures {
      let subject = try covers.subject(artist: artist, urls: urls)
      switch subject {
      case .urls(let path):
        let list = try URLList.read(path)
        let manager = try global.makeManager()
        let report = await WarmRun.prefetch(list.urls, with: manager, concurrency: global.concurrency, json: json)
        try WarmRun.finish(report, invalid: list.invalid, manager: manager, json: json)
      case .artist(let name):
        try await warmArtist(name)
      case .range(let covers):
        guard similar == 0 else { throw CommandFailure("--similar goes with an artist, not --user or --tag") }
        try await warm(covers)
      case .listening(let covers):
        guard similar == 0 else { throw CommandFailure("--similar goes with an artist, not --user or --tag") }
        try await warm(subject: covers.subject) { planner, policy throws(LastFMError) in
          try await covers.plan(with: planner, albums: albums, size: size, policy: policy)
        }
      }
    }
  }

  /// A listener's top albums of a range: from their archive, else from the API.
  private func warm(_ covers: RangeCovers) async throws {
    if let albums, albums < 1 { throw CommandFailure("--albums must be at least 1") }
    let configuration = try global.configuration()
    global.bootstrapLogging()
    let transport = ImageManager.makeTransport(configuration)
    // The archive's charts have no first page: all of a range's albums unless --albums says fewer.
    let planned = try await covers.plan(albums: albums ?? 50, lastFM: lastFM, transport: transport)
    try await prefetch(
      planned.covers.map(\.url), note: planned.note, source: planned.source, configuration: configuration,
      transport: transport)
  }

  private func warmArtist(_ name: String) async throws {
    guard similar >= 0 else { throw CommandFailure("--similar cannot be negative") }
    try await warm(subject: nil) { planner, policy throws(LastFMError) in
      try await planner.plan(artist: name, albums: albums, similar: similar, size: size, policy: policy)
    }
  }

  /// Plans with `makePlan`, then prefetches the plan's covers. `subject` names what was planned in the note on
  /// stderr; nil: the plan's artist and its similar artists.
  private func warm(
    subject: String?,
    _ makePlan: (CoverPlanner, LastFM.CachePolicy) async throws(LastFMError) -> CoverPlan
  ) async throws {
    if let albums, albums < 1 { throw CommandFailure("--albums must be at least 1") }
    let configuration = try global.configuration()
    global.bootstrapLogging()
    let transport = ImageManager.makeTransport(configuration)
    let planned = try await CoverPlanning.plan(
      lastFM: lastFM, cacheDirectory: configuration.cacheDirectory!, transport: transport, makePlan)
    try await prefetch(
      planned.plan.covers.map(\.url), note: CoverPlanning.note(planned, subject: subject), source: planned.source,
      configuration: configuration, transport: transport)
  }

  /// Prefetches planned covers, saying `note` first, and stops `source` (the demo catalog serves its covers) once
  /// they are in.
  private func prefetch(
    _ urls: [URL], note: String, source: CatalogSource, configuration: ImageManager.Configuration,
    transport: any DataLoading
  ) async throws {
    let manager = try await CoverPlanning.manager(
      configuration: configuration, transport: transport, stoppingOnFailure: source)
    // stderr even with --json: the user must always learn when the demo catalog or the API answered
    Console.note(note)
    let report = await WarmRun.prefetch(urls, with: manager, concurrency: global.concurrency, json: json)
    await source.shutdown()
    try WarmRun.finish(report, invalid: [], manager: manager, json: json)
  }
}

/// What `warm --urls` and `warm <artist>` share: the prefetch with its bar, and the summary.
enum WarmRun {
  static func prefetch(_ urls: [URL], with manager: ImageManager, concurrency: Int, json: Bool) async -> PrefetchReport
  {
    let bar = ProgressBar(enabled: Console.stderrIsTerminal)
    let interrupts = InterruptHandler()
    let work = Task { () -> PrefetchReport in
      // Four per transfer slot: a group commit holds the images it writes until it ends, and with only two per slot
      // those finished images kept new transfers from starting.
      await manager.prefetch(urls, maxInFlight: concurrency * 4) { bar.update($0) }
    }
    // Signals cancel the whole prefetch; finished entries stay cached.
    interrupts.cancels(work)
    let report = await work.value
    withExtendedLifetime(interrupts) {}
    bar.finish()
    return report
  }

  static func finish(_ report: PrefetchReport, invalid: [String], manager: ImageManager, json: Bool) throws {
    do {
      try manager.close()
    } catch {
      // Closing only writes bookkeeping (access times, hit counts); when the disk is full that fails too, and
      // the summary below already says so: one line about a full disk, not two.
      if !report.failures.contains(where: { $0.message == "\(error)" }) { throw CommandFailure("\(error)") }
    }
    var report = report
    for line in invalid {
      report.total += 1
      report.failed += 1
      // Controls go; the rest of the line stays, its format characters (a leading U+FEFF) included, for --json to
      // escape and the text lines below to clean.
      let shown = TerminalText.removingControls(line)
      report.failures.append(.init(url: shown, message: "\(shown): not an http(s) URL"))
    }
    if json {
      try Console.print(try Console.json(report))
    } else {
      var lines = [summary(report)]
      // The same message for many URLs (a full disk, an unwritable folder) is said once, with a count.
      let grouped = groupedFailures(report.failures)
      for (message, count) in grouped.prefix(20) {
        lines.append("failed: \(TerminalText.sanitize(message))" + (count > 1 ? " (\(count) URLs)" : ""))
      }
      if grouped.count > 20 { lines.append("… and \(grouped.count - 20) more failures") }
      try Console.print(lines.joined(separator: "\n"))
    }
    if report.cancelled { throw ExitCode(130) }
    if report.failed > 0 { throw ExitCode.failure }
  }

  /// Distinct failure messages in first-seen order, each with how many URLs gave it.
  static func groupedFailures(_ failures: [PrefetchReport.Failure]) -> [(message: String, count: Int)] {
    var order: [String] = []
    var counts: [String: Int] = [:]
    for failure in failures {
      if counts[failure.message] == nil { order.append(failure.message) }
      counts[failure.message, default: 0] += 1
    }
    return order.map { ($0, counts[$0]!) }
  }

  static func summary(_ report: PrefetchReport) -> String {
    var parts = [
      "\(report.fetched) fetched", "\(report.alreadyFresh) already fresh", "\(report.revalidated) revalidated",
    ]
    if report.stale > 0 { parts.append("\(report.stale) stale (network failed)") }
    parts.append("\(report.failed) failed")
    let verb = report.cancelled ? "interrupted after" : "warmed"
    return "\(verb) \(report.total) URLs in \(PlainFormat.fixed(report.seconds, digits: 2)) s: "
      + parts.joined(separator: ", ") + "; \(ByteSize.format(report.bytesDownloaded)) downloaded"
  }
}
