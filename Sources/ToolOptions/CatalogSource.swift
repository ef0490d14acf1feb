import DemoCatalog
import FoundationEssentials
import ImageCache
import LastFM
import TerminalUI

/// A running catalog for `imgcache`: the configuration `CatalogChoice` picked, plus the demo server when the
/// choice is the embedded catalog — the same HTTP, cache and decode code either way.
public final class CatalogSource {
  public let choice: CatalogChoice
  public let configuration: LastFMConfiguration
  /// Running while this source is in use; `nil` for Last.fm or another server.
  public let demoServer: DemoServer?

  public var isDemo: Bool { demoServer != nil }

  /// The demo server's origin (`http://127.0.0.1:47380`) while it runs; nil for Last.fm or another server.
  public var demoOrigin: String? { demoServer?.origin }

  /// Who failed, as error messages name it: the embedded catalog's errors are not Last.fm's.
  public var serviceName: String { choice.serviceName }

  /// Where stored Last.fm answers are filed: the demo catalog's apart from any real server's.
  public var metadataNamespace: String { isDemo ? "demo" : configuration.baseURL.absoluteString }

  /// The demo server's first choice of port, shared with artist-browser: cover URLs (and so cached images) stay
  /// the same from run to run and from tool to tool. Taken → an ephemeral port.
  public static let preferredDemoPort = 47_380

  /// A one-line description for status lines and summaries (never the key): the same notice the browser shows.
  public var label: String {
    if let notice = choice.notice { return notice }
    // The host may come from a user's base URL: percent-decoded, it could hold escape sequences.
    let host = TerminalText.sanitize(configuration.baseURL.host ?? "?")
    return host.hasSuffix("audioscrobbler.com") ? "Last.fm API at \(host)" : "Last.fm-compatible API at \(host)"
  }

  private init(choice: CatalogChoice, configuration: LastFMConfiguration, demoServer: DemoServer?) {
    self.choice = choice
    self.configuration = configuration
    self.demoServer = demoServer
  }

  /// Picks the catalog by `CatalogChoice`'s rule (the browser's too) and starts the demo server if that is it.
  public static func resolve(
    apiKey: String?, apiBase: String?, forceDemo: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async throws -> CatalogSource {
    let userAgent = "imgcache/\(ImageCacheVersion.string)"
    let choice = try CatalogChoice.resolve(
      apiKey: apiKey, apiBase: apiBase, forcesDemo: forceDemo, environment: environment)
    switch choice {
    case .lastFM(let baseURL):
      let key = CatalogChoice.apiKey(option: apiKey, environment: environment)
      let configuration = LastFMConfiguration(apiKey: key, baseURL: baseURL, userAgent: userAgent)
      return CatalogSource(choice: choice, configuration: configuration, demoServer: nil)
    case .demo:
      let server = try await startDemoServer()
      // The loopback server has no rate limit to respect.
      let configuration = LastFMConfiguration(
        apiKey: nil, baseURL: server.baseURL, userAgent: userAgent, maxRequestsPerSecond: 1000)
      return CatalogSource(choice: choice, configuration: configuration, demoServer: server)
    }
  }

  /// The demo server on `preferredDemoPort`, or on an ephemeral port when that one is taken (another browser
  /// running, a parallel test).
  public static func startDemoServer() async throws -> DemoServer {
    if let preferred = try? await DemoServer.start(port: preferredDemoPort) { return preferred }
    return try await DemoServer.start()
  }

  public func shutdown() async {
    await demoServer?.shutdown()
  }
}

extension CatalogSource: @unchecked Sendable {}
