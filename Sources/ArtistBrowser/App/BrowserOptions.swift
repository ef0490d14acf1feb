import BlockArt
import DemoCatalog
import FoundationEssentials
import ImageCache
import LastFM
import TerminalGraphics
import ToolOptions

/// The scene a session opens on (the chart unless the command line names something).
@_spi(Benchmarks) public enum EntryScene: Equatable, Sendable {
  case topArtists
  case artist(String)
  case album(artist: String, album: String)
  case similar(String)
  case search(String)
  /// A listener's page, the charts for `period` (`--period`).
  case listener(String, period: ListeningPeriod = .week)
  case tag(String)
  /// A listener's History page, from their archive (`--user NAME --history`).
  case history(String)
  /// What a listener plays now (`--user NAME --now`), polled every `interval` seconds when given.
  case now(String, interval: Int?)
}

/// How results leave the program.
enum OutputMode: Equatable, Sendable {
  /// Full screen when stdin and stdout are terminals, plain text otherwise.
  case automatic
  case plain
  case json
}

/// What the command line asked for, independent of ArgumentParser so the wiring can be tested on its own.
/// The API key is redacted from every description of this value.
@_spi(Benchmarks) public struct BrowserOptions: Equatable, Sendable {
  @_spi(Benchmarks) public var entry: EntryScene = .topArtists
  var output: OutputMode = .automatic
  @_spi(Benchmarks) public var showsThumbnails = false
  /// Lists with pictures start as a wall of covers (`--wall`; `w` toggles).
  @_spi(Benchmarks) public var showsWall = false
  /// At most this many items per list (`--limit`).
  var limit: Int?
  /// Forced colour mode for block art (`--color`); nil detects it from the environment.
  @_spi(Benchmarks) public var colorMode: ColorMode?
  /// Block symbols for block art (`--symbols`); nil (`auto`) detects them from the environment.
  var symbols: SymbolSet?
  /// How pictures are drawn (`--graphics`); nil: `IMGCACHE_GRAPHICS`, else `auto`.
  var graphics: GraphicsChoice?
  /// `--api-key`, `--api-base`, `--demo`, `--offline`, `--refresh`, as `imgcache` takes them.
  @_spi(Benchmarks) public var lastFM = LastFMSettings()
  /// `--cache-dir`, the sizes, `--shared-cache`, `--ca-bundle`, as `imgcache` takes them.
  @_spi(Benchmarks) public var cache = CacheSettings()
  var verbosity = 0
  /// `--archive-dir`: the folder of the listeners' archives; nil: the rule `imgcache history` follows.
  var archiveDirectory: String?
  /// `--exit-after-first-frame` (hidden, for `Benchmarks/run browser`): quit once the first screen is complete,
  /// every picture on it drawn; status 1 when some could not be loaded or none came within the deadline.
  var exitsAfterFirstFrame = false
  /// `--first-frame-deadline` (hidden): how long `--exit-after-first-frame` waits for that screen, in seconds.
  var firstFrameDeadlineSeconds = BrowserOptions.defaultFirstFrameDeadlineSeconds
  static let defaultFirstFrameDeadlineSeconds = 10

  @_spi(Benchmarks) public init() {}
}

extension BrowserOptions {
  /// `--api-key`, else `LASTFM_API_KEY`; blank counts as absent.
  func resolvedAPIKey(environment: [String: String]) -> String? {
    lastFM.resolvedAPIKey(environment: environment)
  }

  /// Which catalog to browse, by the rule `imgcache` follows too (see `CatalogChoice`). An API base that is not
  /// an http(s) URL is refused with a message naming where it came from.
  func catalogChoice(environment: [String: String]) throws(BrowserFailure) -> CatalogChoice {
    do { return try lastFM.catalogChoice(environment: environment) } catch { throw BrowserFailure(error.description) }
  }

  /// The folder by the rule `imgcache` follows too (`CacheSettings`).
  func resolvedCacheDirectory(environment: [String: String]) -> URL {
    cache.cacheDirectory(environment: environment)
  }

  /// The image manager's settings from the cache options, as `imgcache` makes them; a bad value (or a
  /// `IMGCACHE_SHARED_CACHE` that is no http(s) address) is refused, naming where it came from.
  func imageConfiguration(environment: [String: String]) throws(BrowserFailure) -> ImageManager.Configuration {
    do { return try cache.configuration(environment: environment) } catch { throw BrowserFailure(error.description) }
  }

  /// Full screen only when both ends are terminals and no text output was asked for.
  func runsInteractively(stdinIsTerminal: Bool, stdoutIsTerminal: Bool) -> Bool {
    output == .automatic && stdinIsTerminal && stdoutIsTerminal
  }

  /// `--graphics` wins, else `IMGCACHE_GRAPHICS`, else `auto`. An environment value that names nothing known is
  /// refused rather than ignored, so a typo does not silently draw something else.
  func resolvedGraphics(environment: [String: String]) throws(BrowserFailure) -> GraphicsChoice {
    if let graphics { return graphics }
    guard let value = environment["IMGCACHE_GRAPHICS"], !value.isEmpty else { return .auto }
    guard let named = GraphicsChoice.from(environment: environment) else {
      let known = GraphicsChoice.allCases.map(\.rawValue).joined(separator: ", ")
      throw BrowserFailure("IMGCACHE_GRAPHICS: expected one of \(known), got \"\(value)\"")
    }
    return named
  }

  /// `--symbols` wins, else sextants where the terminal is known to draw them, half blocks elsewhere.
  func resolvedSymbols(environment: [String: String]) -> SymbolSet {
    symbols ?? SymbolSet.detect(environment: environment)
  }

  /// `--color` wins, else what the environment promises (`NO_COLOR`, `COLORTERM`, `TERM`).
  func resolvedColorMode(environment: [String: String], isTerminal: Bool) -> ColorMode {
    ColorMode.detect(environment: environment, isTerminal: isTerminal, forced: colorMode)
  }
}

extension BrowserOptions: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// Every field but the key, which must never reach a log or an error message.
  @_spi(Benchmarks) public var description: String {
    "BrowserOptions(entry: \(entry), output: \(output), thumbnails: \(showsThumbnails), limit: \(String(describing: limit)), "
      + "color: \(String(describing: colorMode)), symbols: \(symbols?.rawValue ?? "auto"), graphics: \(graphics?.rawValue ?? "auto"), apiKey: \(lastFM.apiKey == nil ? "nil" : "<redacted>"), "
      + "apiBase: \(String(describing: lastFM.apiBase)), demo: \(lastFM.forcesDemo), offline: \(lastFM.offline), "
      + "refresh: \(lastFM.refresh), cacheDirectory: \(String(describing: cache.cacheDirectory)), "
      + "sharedCache: \(shownSharedCache), transferTimeout: \(cache.transferTimeoutSeconds) s, verbosity: \(verbosity), "
      + "exitsAfterFirstFrame: \(exitsAfterFirstFrame), firstFrameDeadline: \(firstFrameDeadlineSeconds) s)"
  }

  @_spi(Benchmarks) public var debugDescription: String { description }

  /// Scheme, host, port and path only, like every URL this project prints.
  private var shownSharedCache: String {
    guard let sharedCache = cache.sharedCache else { return "nil" }
    return URL(string: sharedCache).map(ImageManagerError.redactedURL) ?? "<not a URL>"
  }

  @_spi(Benchmarks) public var customMirror: Mirror {
    Mirror(self, children: ["description": description])
  }
}
