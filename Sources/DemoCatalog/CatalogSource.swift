import Foundation
import ImageCache
import LastFM

/// Where Last.fm answers come from: the live API when a key is configured, otherwise the embedded demo catalog
/// served on 127.0.0.1 — the same HTTP, cache and decode code either way.
public final class CatalogSource {
  public let configuration: LastFMConfiguration
  /// Running while this source is in use; `nil` for the live API.
  public let demoServer: DemoServer?

  public var isDemo: Bool { demoServer != nil }

  /// Where stored Last.fm answers are filed: the demo catalog's apart from any real server's.
  public var metadataNamespace: String { isDemo ? "demo" : configuration.baseURL.absoluteString }

  /// The demo server's first choice of port, shared with artist-browser: cover URLs (and so cached images) stay
  /// the same from run to run and from tool to tool. Taken → an ephemeral port.
  public static let preferredDemoPort = 47_380

  /// A one-line description for status lines and summaries (never the key).
  public var label: String {
    isDemo
      ? "demo catalog (no LASTFM_API_KEY set; fictional artists)" : "Last.fm (\(configuration.baseURL.host ?? "?"))"
  }

  private init(configuration: LastFMConfiguration, demoServer: DemoServer?) {
    self.configuration = configuration
    self.demoServer = demoServer
  }

  /// `apiKey`/`apiBase` from options win over `LASTFM_API_KEY`/`LASTFM_API_BASE`; no key (or `forceDemo`)
  /// starts the demo server.
  public static func resolve(
    apiKey: String?, apiBase: String?, forceDemo: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async throws -> CatalogSource {
    var configuration = LastFMConfiguration.fromEnvironment(environment)
    configuration.userAgent = "imgcache/\(ImageCacheVersion.string)"
    if let apiKey, !apiKey.isEmpty { configuration.apiKey = apiKey }
    if let apiBase, !apiBase.isEmpty {
      guard let url = URL(string: apiBase), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
        throw CatalogSourceError.invalidAPIBase(apiBase)
      }
      configuration.baseURL = url
    }
    let hasKey = !(configuration.apiKey ?? "").isEmpty
    if hasKey && !forceDemo {
      return CatalogSource(configuration: configuration, demoServer: nil)
    }
    let server = try await startDemoServer()
    configuration.baseURL = server.baseURL
    configuration.apiKey = nil
    // The loopback server has no rate limit to respect.
    configuration.maxRequestsPerSecond = 1000
    return CatalogSource(configuration: configuration, demoServer: server)
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

public enum CatalogSourceError: Error, CustomStringConvertible {
  case invalidAPIBase(String)

  public var description: String {
    switch self {
    case .invalidAPIBase(let text): "--api-base: \(text) is not an http(s) URL"
    }
  }
}

extension CatalogSource: @unchecked Sendable {}
