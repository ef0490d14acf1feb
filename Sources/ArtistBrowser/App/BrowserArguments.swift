import ArgumentParser
import BlockArt
import FoundationEssentials
import ImageCache
import ImageCacheSupport
import LastFM
import TerminalGraphics
import TerminalUI
import ToolOptions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The browser's command line, shared by `artist-browser` and `imgcache browse` (`BrowserCommand`, `BrowseCommand`).
struct BrowserArguments: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Show cover thumbnails beside list rows (t toggles them). With --plain they are block art whatever "
        + "--graphics says: a printout is text, for pipes, files and pagers."))
  var thumbs = false

  @Flag(help: "Start with lists shown as a wall of covers (w toggles list and wall, + and - the tile size).")
  var wall = false

  @Flag(help: "Print the view as plain text and exit.")
  var plain = false

  @Flag(help: "Print the view as JSON and exit.")
  var json = false

  @Option(help: "Open this artist.")
  var artist: String?

  @Option(help: ArgumentHelp("Open this album.", valueName: "artist/album"))
  var album: String?

  @Option(help: ArgumentHelp("Open the artists similar to this one.", valueName: "artist"))
  var similar: String?

  @Option(help: ArgumentHelp("Search artists.", valueName: "query"))
  var search: String?

  @Flag(help: "With --user: what the listener plays now, followed live (docs/now.md).")
  var now = false

  @Option(
    help: ArgumentHelp(
      "With --now: seconds between polls (default 10 playing, 30 not; 2 at least).", valueName: "seconds"))
  var interval: Int?

  @Option(help: "At most this many items per list.")
  var limit: Int?

  @Option(
    help: ArgumentHelp("Colours for thumbnails: truecolor, 256, 16 or none (default: detected).", valueName: "mode"))
  var color: String?

  @Option(
    help: ArgumentHelp(
      "How pictures are drawn: auto, kitty, iterm, sixel, blocks or none (default: $IMGCACHE_GRAPHICS, else auto: "
        + "what the terminal answers, block art where it answers nothing).", valueName: "mode"))
  var graphics: String?

  @Option(
    help: ArgumentHelp(
      "Block symbols for pictures drawn as text: half, quad, sextant or auto (sextants where the terminal is known "
        + "to draw them, else half).", valueName: "set"))
  var symbols: String?

  @Flag(help: "With --user: open the listener's History, from their archive (`imgcache history sync`).")
  var history = false

  @OptionGroup var archive: ArchiveOptions

  @OptionGroup(title: "Listeners and tags") var listening: ListeningOptions
  @OptionGroup(title: "Last.fm") var lastFM: LastFMOptions
  @OptionGroup(title: "Cache") var cache: CacheOptions
  @OptionGroup var logging: LoggingOptions

  /// Lets a benchmark time a whole start-up of the full screen: the process ends right after the first complete
  /// frame, the one with its data and every picture it shows drawn (or marked as failed, which ends with status 1).
  /// Not for people, so not in --help.
  @Flag(name: .customLong("exit-after-first-frame"), help: .hidden)
  var exitAfterFirstFrame = false

  /// How long `--exit-after-first-frame` waits for a complete frame before it ends with status 1, naming what the
  /// frame still lacked.
  @Option(name: .customLong("first-frame-deadline"), help: .hidden)
  var firstFrameDeadlineSeconds = BrowserOptions.defaultFirstFrameDeadlineSeconds

  init() {}

  func validate() throws {
    _ = try options()
  }

  /// The session, start to finish; failures are one line on stderr after `toolName`.
  func run(as toolName: String) async throws {
    let environment = ProcessInfo.processInfo.environment
    let options = try options(environment: environment)
    let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    let interactive = options.runsInteractively(
      stdinIsTerminal: isatty(STDIN_FILENO) == 1, stdoutIsTerminal: stdoutIsTerminal)
    Self.bootstrapLogging(verbosity: options.verbosity, interactive: interactive)
    let exitCode: Int32
    do {
      let built = try await BrowserEnvironment.make(
        options: options, environment: environment, outputIsTerminal: stdoutIsTerminal)
      do {
        exitCode = try await Self.runSession(built, interactive: interactive, toolName: toolName)
      } catch {
        await built.shutdown()
        throw error
      }
      await built.shutdown()
    } catch let failure as BrowserFailure {
      Self.printError(failure.description, toolName: toolName)
      throw ExitCode.failure
    } catch let failure as OutputFailure {
      // A closed pipe ends the browser quietly with 141, any other write failure with one line and 74.
      throw ExitCode(failure.report(program: toolName))
    } catch {
      Self.printError("\(error)", toolName: toolName)
      throw ExitCode.failure
    }
    if exitCode != 0 { throw ExitCode(exitCode) }
  }

  /// The parsed flags as `BrowserOptions`, or a usage error naming the option at fault. `environment` is what
  /// `--symbols auto` is worked out from.
  func options(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BrowserOptions {
    var options = BrowserOptions()
    let entries = [artist, album, similar, search, listening.user, listening.tag].compactMap { $0 }
    guard entries.count <= 1 else {
      throw ValidationError(
        "--artist, --album, --similar, --search, --user and --tag open one view: give at most one")
    }
    if let artist { options.entry = .artist(artist) }
    let period: ListeningPeriod
    do {
      period = try listening.chartPeriod() ?? .week
    } catch {
      throw ValidationError(error.description)
    }
    if listening.period != nil, listening.user == nil { throw ValidationError("--period goes with --user") }
    if let user = listening.user { options.entry = .listener(try Self.name(user, option: "--user"), period: period) }
    if history && now { throw ValidationError("--history and --now open different pages; choose one") }
    if history {
      guard let user = listening.user else { throw ValidationError("--history goes with --user NAME") }
      options.entry = .history(try Self.name(user, option: "--user"))
    }
    options.archiveDirectory = archive.archiveDir
    if now || interval != nil { options.entry = try nowEntry(user: listening.user) }
    if let tag = listening.tag { options.entry = .tag(try Self.name(tag, option: "--tag")) }
    if let similar { options.entry = .similar(similar) }
    if let search {
      guard !search.trimmingWhitespace().isEmpty else {
        throw ValidationError("--search needs something to search for")
      }
      options.entry = .search(search)
    }
    if let album {
      guard let split = Self.splitAlbum(album) else {
        throw ValidationError("--album takes \"ARTIST/ALBUM\", e.g. --album \"Radiohead/OK Computer\"")
      }
      options.entry = .album(artist: split.artist, album: split.album)
    }
    guard !(plain && json) else { throw ValidationError("--plain and --json exclude each other") }
    options.output = json ? .json : plain ? .plain : .automatic
    if let limit {
      guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
      options.limit = limit
    }
    if let color {
      guard let mode = ColorMode(rawValue: color.lowercased()) else {
        throw ValidationError("--color takes truecolor, 256, 16 or none")
      }
      options.colorMode = mode
    }
    if let graphics {
      guard let choice = GraphicsChoice(rawValue: graphics.lowercased()) else {
        throw ValidationError("--graphics takes auto, kitty, iterm, sixel, blocks or none")
      }
      options.graphics = choice
    }
    if let symbols {
      // `imgcache show --symbols`'s parser: a set's name, or `auto` worked out from the environment.
      guard let set = SymbolSet.named(symbols, environment: environment) else {
        throw ValidationError("--symbols takes half, quad, sextant or auto")
      }
      options.symbols = set
    }
    options.showsThumbnails = thumbs
    options.showsWall = wall
    options.lastFM = lastFM.settings
    options.cache = cache.settings
    do {
      _ = try options.cache.configuration(environment: [:])
    } catch {
      throw ValidationError(error.description)
    }
    options.verbosity = logging.verbose
    options.exitsAfterFirstFrame = exitAfterFirstFrame
    guard firstFrameDeadlineSeconds >= 1 else {
      throw ValidationError("--first-frame-deadline must be at least 1 (seconds)")
    }
    options.firstFrameDeadlineSeconds = firstFrameDeadlineSeconds
    return options
  }

  /// `--now` goes with `--user`; `--interval` with `--now`, 2 seconds at least.
  private func nowEntry(user: String?) throws -> EntryScene {
    guard now else { throw ValidationError("--interval goes with --now") }
    guard let user else { throw ValidationError("--now goes with --user NAME") }
    if case .failure(let failure) = PollInterval.parse(interval) { throw ValidationError(failure.description) }
    return .now(try Self.name(user, option: "--user"), interval: interval)
  }

  /// A listener's or tag's name, trimmed; a blank one is refused.
  static func name(_ value: String, option: String) throws -> String {
    let name = String(value.trimmingWhitespace())
    guard !name.isEmpty else { throw ValidationError("\(option) needs a name") }
    return name
  }

  /// "Artist/Album" at the first " / " if there is one (names such as "AC/DC" contain a bare slash), else at the
  /// first "/". Both halves must be non-empty.
  static func splitAlbum(_ text: String) -> (artist: String, album: String)? {
    let range = text.firstRange(of: " / ") ?? text.firstRange(of: "/")
    guard let range else { return nil }
    let artist = String(text[..<range.lowerBound].trimmingWhitespace())
    let album = String(text[range.upperBound...].trimmingWhitespace())
    guard !artist.isEmpty, !album.isEmpty else { return nil }
    return (artist, album)
  }

  @MainActor
  private static func runSession(_ environment: BrowserEnvironment, interactive: Bool, toolName: String)
    async throws -> Int32
  {
    let app = BrowserApp(environment: environment, interactive: interactive)
    if interactive {
      try await app.runInteractive()
      return 0
    }
    return try await app.runText(toolName: toolName)
  }

  /// Logs go to stderr; in full screen, when stderr is the screen too, they would scribble over it, so they
  /// are dropped unless stderr is redirected.
  private static func bootstrapLogging(verbosity: Int, interactive: Bool) {
    LoggingOptions.bootstrap(verbosity: verbosity, silenced: interactive && isatty(STDERR_FILENO) == 1)
  }

  static func printError(_ message: String, toolName: String) {
    StandardStreams.error.writeIgnoringFailure("\(toolName): \(message)\n")
  }
}
