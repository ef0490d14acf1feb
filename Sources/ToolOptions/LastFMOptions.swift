import ArgumentParser
import FoundationEssentials
import ImageCacheSupport
import LastFM

/// Where artist data comes from, for both tools.
public struct LastFMOptions: ParsableArguments {
  @Option(
    name: .customLong("api-key"),
    help: ArgumentHelp(
      "Last.fm API key (default: $LASTFM_API_KEY, which keeps it out of the process list; with no key and no API "
        + "base: the demo catalog).", valueName: "key"))
  var apiKey: String?

  @Option(
    name: .customLong("api-base"),
    help: ArgumentHelp(
      "Last.fm-compatible API base URL (default: $LASTFM_API_BASE, else Last.fm).", valueName: "url"))
  var apiBase: String?

  @Flag(help: "Use the built-in demo catalog even when a key is set.")
  var demo = false

  @Flag(help: "Answer only from stored Last.fm answers; say what is missing.")
  var offline = false

  @Flag(help: "Ignore stored answers and ask Last.fm again.")
  var refresh = false

  public init() {}

  public var settings: LastFMSettings {
    LastFMSettings(apiKey: apiKey, apiBase: apiBase, forcesDemo: demo, offline: offline, refresh: refresh)
  }
}

/// The Last.fm options as values. The key never appears in a description.
public struct LastFMSettings: Equatable, Sendable {
  public var apiKey: String?
  public var apiBase: String?
  public var forcesDemo = false
  public var offline = false
  public var refresh = false

  public init(
    apiKey: String? = nil, apiBase: String? = nil, forcesDemo: Bool = false, offline: Bool = false,
    refresh: Bool = false
  ) {
    self.apiKey = apiKey
    self.apiBase = apiBase
    self.forcesDemo = forcesDemo
    self.offline = offline
    self.refresh = refresh
  }

  public var policy: LastFM.CachePolicy { offline ? .offline : refresh ? .refresh : .cacheThenNetwork }

  /// `--api-key`, else `LASTFM_API_KEY`; blank counts as absent.
  public func resolvedAPIKey(environment: [String: String]) -> String? {
    CatalogChoice.apiKey(option: apiKey, environment: environment)
  }

  /// Which catalog to use, by `CatalogChoice`'s rule.
  public func catalogChoice(environment: [String: String]) throws(OptionFailure) -> CatalogChoice {
    do {
      return try CatalogChoice.resolve(
        apiKey: apiKey, apiBase: apiBase, forcesDemo: forcesDemo, environment: environment)
    } catch {
      throw OptionFailure(error.description)
    }
  }

  /// The catalog running: the demo server started when that is the choice.
  public func source(environment: [String: String] = ProcessInfo.processInfo.environment) async throws
    -> CatalogSource
  {
    do {
      return try await CatalogSource.resolve(
        apiKey: apiKey, apiBase: apiBase, forceDemo: forcesDemo, environment: environment)
    } catch let error as CatalogChoiceError {
      throw OptionFailure(error.description)
    } catch {
      throw OptionFailure("could not start the demo catalog server: \(error)")
    }
  }
}

/// A listener or a tag to start from, for the tools that can (`artist-browser`, `imgcache warm`).
public struct ListeningOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A Last.fm listener: their page in the browser, their top albums' covers for warm (demo: nightjar_radio).",
      valueName: "name"))
  public var user: String?

  @Option(
    help: ArgumentHelp("A tag (genre): its page in the browser, its top albums' covers for warm.", valueName: "name"))
  public var tag: String?

  @Option(
    help: ArgumentHelp(
      "The period of a listener's charts: 7day, 1month, 3month, 6month, 12month or overall (default: 7day).",
      valueName: "period"))
  public var period: String?

  public init() {}

  /// `--period` as Last.fm names it; nil when not given.
  public func chartPeriod() throws(OptionFailure) -> ChartPeriod? {
    guard let period else { return nil }
    guard let parsed = ChartPeriod(rawValue: period.lowercased()) else {
      throw OptionFailure("--period takes 7day, 1month, 3month, 6month, 12month or overall")
    }
    return parsed
  }

  /// `option` (`--user`), else `LASTFM_USER`; blank counts as absent.
  public static func listener(_ option: String?, environment: [String: String]) -> String? {
    for candidate in [option, environment["LASTFM_USER"]] {
      if let name = candidate.map({ String($0.trimmingWhitespace()) }), !name.isEmpty { return name }
    }
    return nil
  }
}
