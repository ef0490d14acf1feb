import ArgumentParser
import BlockArt
import Foundation
import ImageCache
import Logging
import TerminalGraphics
import TerminalUI

/// `artist-browser`: browse Last.fm (or the built-in demo catalog) in the terminal.
public struct BrowserCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "artist-browser",
    abstract: "Browse Last.fm's artists, albums and similar artists in the terminal, with cover thumbnails.",
    discussion: """
      Without LASTFM_API_KEY (or with --demo) it shows a built-in demo catalog, served on 127.0.0.1, and says \
      so.

      In a terminal it runs full screen (? lists the keys, q quits). With --plain or --json, or when the \
      output is not a terminal, it prints one view and exits; notices about the catalog go to stderr.

      Exit status: 0 on success; 1 on an error (one line on stderr); 74 when output cannot be written (a full \
      disk, a closed stdout); 141 when the reader of stdout went away (`… | head`), quietly.
      """,
    version: ImageCacheVersion.string)

  @Flag(
    help: ArgumentHelp(
      "Show cover thumbnails beside list rows (t toggles them). With --plain they are block art whatever "
        + "--graphics says: a printout is text, for pipes, files and pagers."))
  var thumbs = false

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

  @Option(
    name: .customLong("api-key"),
    help: ArgumentHelp(
      "Last.fm API key (default: $LASTFM_API_KEY, which keeps it out of the process list).",
      valueName: "key"))
  var apiKey: String?

  @Option(
    name: .customLong("api-base"),
    help: ArgumentHelp("Last.fm API base URL (default: $LASTFM_API_BASE).", valueName: "url"))
  var apiBase: String?

  @Flag(help: "Use the built-in demo catalog even with an API key.")
  var demo = false

  @Flag(help: "Answer only from the metadata cache; no Last.fm requests.")
  var offline = false

  @Flag(help: "Ignore stored answers and ask Last.fm again.")
  var refresh = false

  @Option(
    name: .customLong("cache-dir"),
    help: "Cache folder (default: $IMGCACHE_DIR, $XDG_CACHE_HOME/imgcache, ~/.cache/imgcache).")
  var cacheDir: String?

  @Option(
    name: .customLong("shared-cache"),
    help: ArgumentHelp(
      "Shared HTTP cache to fetch covers through, e.g. http://imgcache.internal:8080; origins are fetched directly "
        + "while it is out (default: $IMGCACHE_SHARED_CACHE).", valueName: "url"))
  var sharedCache: String?

  @Option(
    name: .customLong("transfer-timeout"),
    help: ArgumentHelp("Longest one transfer may take in all, in seconds.", valueName: "seconds"))
  var transferTimeout: Int = 60

  @Flag(name: .shortAndLong, help: "Log what happens to stderr (repeat for more).")
  var verbose: Int

  /// Lets a benchmark time a whole start-up of the full screen: the process ends right after the first frame
  /// that has its data and every thumbnail on it drawn. Not for people, so not in --help.
  @Flag(name: .customLong("exit-after-first-frame"), help: .hidden)
  var exitAfterFirstFrame = false

  public init() {}

  /// What the executable runs: the standard streams made safe to write (`StandardStreams.prepareProcess`), then
  /// the command line.
  public static func start() async {
    StandardStreams.prepareProcess()
    await main()
  }

  public func validate() throws {
    _ = try options()
  }

  public func run() async throws {
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
        exitCode = try await Self.runSession(built, interactive: interactive)
      } catch {
        await built.shutdown()
        throw error
      }
      await built.shutdown()
    } catch let failure as BrowserFailure {
      Self.printError(failure.description)
      throw ExitCode.failure
    } catch let failure as OutputFailure {
      // A closed pipe ends the browser quietly with 141, any other write failure with one line and 74.
      throw ExitCode(failure.report(program: "artist-browser"))
    } catch {
      Self.printError("\(error)")
      throw ExitCode.failure
    }
    if exitCode != 0 { throw ExitCode(exitCode) }
  }

  /// The parsed flags as `BrowserOptions`, or a usage error naming the option at fault. `environment` is what
  /// `--symbols auto` is worked out from.
  func options(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BrowserOptions {
    var options = BrowserOptions()
    let entries = [artist, album, similar, search].compactMap { $0 }
    guard entries.count <= 1 else {
      throw ValidationError("--artist, --album, --similar and --search open one view: give at most one")
    }
    if let artist { options.entry = .artist(artist) }
    if let similar { options.entry = .similar(similar) }
    if let search {
      guard !search.trimmingCharacters(in: .whitespaces).isEmpty else {
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
    options.apiKey = apiKey
    options.apiBase = apiBase
    options.forcesDemo = demo
    options.offline = offline
    options.refresh = refresh
    options.cacheDirectory = cacheDir
    if let sharedCache {
      do {
        _ = try ImageManager.Configuration.sharedCache(option: sharedCache, environment: [:])
      } catch {
        throw ValidationError("\(error)")
      }
      options.sharedCache = sharedCache
    }
    guard transferTimeout >= 1 else { throw ValidationError("--transfer-timeout must be at least 1 (seconds)") }
    options.transferTimeoutSeconds = transferTimeout
    options.verbosity = verbose
    options.exitsAfterFirstFrame = exitAfterFirstFrame
    return options
  }

  /// "Artist/Album" at the first " / " if there is one (names such as "AC/DC" contain a bare slash), else at the
  /// first "/". Both halves must be non-empty.
  static func splitAlbum(_ text: String) -> (artist: String, album: String)? {
    let range = text.range(of: " / ") ?? text.range(of: "/")
    guard let range else { return nil }
    let artist = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
    let album = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
    guard !artist.isEmpty, !album.isEmpty else { return nil }
    return (artist, album)
  }

  @MainActor
  private static func runSession(_ environment: BrowserEnvironment, interactive: Bool) async throws -> Int32 {
    let app = BrowserApp(environment: environment, interactive: interactive)
    if interactive {
      try await app.runInteractive()
      return 0
    }
    return try await app.runText()
  }

  /// Logs go to stderr; in full screen, when stderr is the screen too, they would scribble over it, so they
  /// are dropped unless stderr is redirected.
  private static func bootstrapLogging(verbosity: Int, interactive: Bool) {
    let level: Logger.Level = verbosity >= 2 ? .trace : verbosity == 1 ? .debug : .warning
    let silenced = interactive && isatty(STDERR_FILENO) == 1
    LoggingSystem.bootstrap { label in
      guard !silenced else { return SwiftLogNoOpLogHandler() }
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
  }

  static func printError(_ message: String) {
    StandardStreams.error.writeIgnoringFailure("artist-browser: \(message)\n")
  }
}

extension BrowserCommand: CustomStringConvertible {
  /// Never shows the API key.
  public var description: String { (try? options().description) ?? "BrowserCommand" }
}
