import ArgumentParser
import FoundationEssentials
import ImageCache
import LastFM
import ToolOptions

/// `imgcache now NAME`: what a listener plays, as one line for status bars, a JSON document, or a cover file;
/// `--follow` keeps it up to date.
struct NowCommand: AsyncParsableCommand, TakesGlobalOptions {
  static let configuration = CommandConfiguration(
    commandName: "now",
    abstract: "Print what a Last.fm listener plays now (try nightjar_radio on the demo catalog).",
    discussion: """
      imgcache now NAME                         Artist — Track, or the last scrobble with "last played …"
      imgcache now NAME --format '{artist} – {track}{loved}'   fields: \(NowReport.fieldNames.map { "{\($0)}" }.joined(separator: " "))
      imgcache now NAME --follow --cover-file /tmp/cover.png   a line per change of track, the cover kept current
      Exit status: 0 while something plays or played within the hour, 1 when nothing has, 2 on an error; with \
      --follow, 0 when stopped by SIGINT, SIGTERM or a closed pipe. docs/now.md has tmux, waybar, i3blocks and \
      conky examples.
      """)

  @OptionGroup var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions
  @OptionGroup var lastFM: LastFMOptions

  @Argument(help: "The Last.fm listener (default: $LASTFM_USER).")
  var user: String?

  @Option(help: "The line to print, with fields such as {artist}, {track}, {album}, {ago}, {loved}, {playcount}.")
  var format: String?

  @Flag(help: "Print a JSON document (one a line with --follow).")
  var json = false

  @Flag(help: "Keep running and print a line each time the track changes.")
  var follow = false

  @Option(help: "Seconds between polls with --follow (default: 10 while playing, 30 otherwise; 2 at least).")
  var interval: Int?

  @Option(help: "Write the current cover to this PNG whenever it changes (atomically).")
  var coverFile: String?

  @Option(help: "Edge of the cover file in pixels (16 to 2000).")
  var coverSize: Int = 300

  /// Hidden, for `Benchmarks/now`: milliseconds between polls instead of the interval, so a bench makes ten
  /// thousand polls in minutes. The client's pacing still spaces the requests; users get `--interval`'s floor.
  @Option(name: .customLong("bench-poll-delay-ms"), help: .hidden)
  var benchPollDelay: Int?

  func validate() throws {
    if format != nil && json { throw ValidationError("give --format or --json, not both") }
    if interval != nil && !follow { throw ValidationError("--interval goes with --follow") }
    if let benchPollDelay, !follow || benchPollDelay < 0 {
      throw ValidationError("--bench-poll-delay-ms goes with --follow and is 0 or more, got \(benchPollDelay)")
    }
    if case .failure(let failure) = PollInterval.parse(interval) { throw ValidationError(failure.description) }
    guard (16...2000).contains(coverSize) else {
      throw ValidationError("--cover-size: expected 16 to 2000 pixels, got \(coverSize)")
    }
  }

  func run() async throws {
    try await reportingFailures {
      guard let name = ListeningOptions.listener(user, environment: ProcessInfo.processInfo.environment) else {
        throw CommandFailure("name a listener, or set LASTFM_USER", exitCode: 2)
      }
      let configuration = try global.configuration()
      global.bootstrapLogging()
      let transport = ImageManager.makeTransport(configuration)
      let source: CatalogSource
      do { source = try await lastFM.settings.source() } catch { throw CommandFailure("\(error)", exitCode: 2) }
      let session: NowSession
      do {
        let client = try CachedLastFMClient(
          configuration: source.configuration, loader: transport, cacheFolder: configuration.cacheDirectory!,
          namespace: source.metadataNamespace)
        let cover = try coverFile.map { path in
          CoverFile(
            path: path, size: coverSize, manager: try ImageManager(configuration: configuration, transport: transport))
        }
        session = NowSession(
          client: client, user: name, service: source.serviceName, printer: NowPrinter(format: format, json: json),
          cover: cover)
      } catch {
        await source.shutdown()
        throw CommandFailure("\(error)", exitCode: 2)
      }
      let status: Int32
      do {
        status =
          follow
          ? try await session.follow(
            interval: try PollInterval.parse(interval).get(), policy: lastFM.settings.policy,
            delay: benchPollDelay.map { .milliseconds($0) })
          : try await session.once(policy: lastFM.settings.policy)
      } catch {
        session.cover?.close()
        await source.shutdown()
        throw error
      }
      session.cover?.close()
      await source.shutdown()
      if status != 0 { throw ExitCode(status) }
    }
  }
}

/// How each answer is printed: a line, a `--format` line or a JSON document.
struct NowPrinter: Sendable {
  var format: String?
  var json: Bool

  func text(_ report: NowReport) throws -> String {
    if json { return try report.jsonLine() }
    if let format { return report.formatted(format) }
    return report.line
  }
}
