import FoundationEssentials
import ImageCacheSupport
import LastFM
import TerminalUI

/// Where Last.fm answers come from: one rule for `imgcache` and `artist-browser`, so the same flags and the same
/// environment pick the same server in both.
///
/// 1. `--demo` wins: the embedded demo catalog.
/// 2. A key (`--api-key`, else `LASTFM_API_KEY`; a blank value counts as not given): Last.fm, or the server
///    `--api-base` / `LASTFM_API_BASE` names.
/// 3. No key but an API base: that server, keyless (a demo catalog served elsewhere by `imgcache demo-server`).
/// 4. Neither: the embedded demo catalog.
///
/// An API base that is not an http(s) URL with a host is an error, never silently replaced by another server.
/// The key never appears in this value or its descriptions: it is read separately with `apiKey(option:environment:)`.
public enum CatalogChoice: Equatable, Sendable {
  /// Last.fm, or a server speaking its API at `baseURL` (with or without a key).
  case lastFM(baseURL: URL)
  /// The embedded demo catalog, served in-process on 127.0.0.1.
  case demo(DemoReason)

  public enum DemoReason: Equatable, Sendable {
    case requested
    case noAPIKey
  }

  public var isDemo: Bool {
    if case .demo = self { return true }
    return false
  }

  /// What the tools say before showing demo data, e.g. "demo catalog (no LASTFM_API_KEY set)"; nil for Last.fm.
  public var notice: String? {
    switch self {
    case .lastFM: nil
    case .demo(.requested): "demo catalog (--demo)"
    case .demo(.noAPIKey): "demo catalog (no LASTFM_API_KEY set)"
    }
  }

  /// How a status line names the catalog: "demo catalog", "Last.fm", or the server an API base names
  /// ("127.0.0.1:8080"), so answers from elsewhere are never passed off as Last.fm's.
  public var displayName: String {
    switch self {
    case .demo: "demo catalog"
    case .lastFM(let baseURL): Self.isLastFM(baseURL) ? "Last.fm" : Self.hostAndPort(baseURL)
    }
  }

  /// Who failed, as error messages name it: "the demo catalog", "Last.fm", or "the API at HOST:PORT".
  public var serviceName: String {
    switch self {
    case .demo: "the demo catalog"
    case .lastFM(let baseURL): Self.isLastFM(baseURL) ? "Last.fm" : "the API at \(Self.hostAndPort(baseURL))"
    }
  }

  private static func isLastFM(_ url: URL) -> Bool {
    let host = url.host?.lowercased() ?? ""
    return host.hasSuffix("audioscrobbler.com") || host == "last.fm" || host.hasSuffix(".last.fm")
  }

  /// The host (sanitised: a user's URL, percent-decoded, could hold escape sequences) and any explicit port.
  private static func hostAndPort(_ url: URL) -> String {
    TerminalText.sanitize((url.host ?? "?") + (url.port.map { ":\($0)" } ?? ""))
  }

  /// The rule above, applied to the command line's `--api-key`, `--api-base` and `--demo` and the environment.
  public static func resolve(
    apiKey: String?, apiBase: String?, forcesDemo: Bool, environment: [String: String]
  ) throws(CatalogChoiceError) -> CatalogChoice {
    if forcesDemo { return .demo(.requested) }
    let base = try apiBaseURL(option: apiBase, environment: environment)
    if Self.apiKey(option: apiKey, environment: environment) != nil {
      return .lastFM(baseURL: base ?? LastFMConfiguration.defaultBaseURL)
    }
    if let base { return .lastFM(baseURL: base) }
    return .demo(.noAPIKey)
  }

  /// `--api-key`, else `LASTFM_API_KEY`, trimmed. Blank counts as absent: a blank option falls back to the
  /// environment (as in `--api-key "$KEY"` with KEY unset), a blank environment value to no key.
  public static func apiKey(option: String?, environment: [String: String]) -> String? {
    given(option) ?? given(environment["LASTFM_API_KEY"])
  }

  /// `--api-base`, else `LASTFM_API_BASE`, trimmed, blank counting as absent as for the key. Anything but an
  /// http(s) URL with a host is an error naming where it came from.
  static func apiBaseURL(option: String?, environment: [String: String]) throws(CatalogChoiceError) -> URL? {
    let (text, source): (String, String)
    if let option = given(option) {
      (text, source) = (option, "--api-base")
    } else if let variable = given(environment["LASTFM_API_BASE"]) {
      (text, source) = (variable, "LASTFM_API_BASE")
    } else {
      return nil
    }
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
      let host = url.host, !host.isEmpty
    else { throw .invalidAPIBase(text, source: source) }
    return url
  }

  /// The value trimmed, or nil when it is missing or blank.
  private static func given(_ value: String?) -> String? {
    guard let trimmed = value?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
    return String(trimmed)
  }
}

public enum CatalogChoiceError: Error, Equatable, CustomStringConvertible {
  /// The text, and where it came from (`--api-base` or `LASTFM_API_BASE`).
  case invalidAPIBase(String, source: String)

  public var description: String {
    switch self {
    case .invalidAPIBase(let text, let source):
      "\(source): \(Self.printable(text)) is not an http(s) URL; give a Last.fm-compatible API base such as "
        + "\(LastFMConfiguration.defaultBaseURL.absoluteString), or leave it unset"
    }
  }

  /// The text as typed, for an error message on a terminal: no query or fragment (where keys and signatures
  /// travel), nothing up to the last `@` before them (`user:password@`, also when the scheme is mistyped or
  /// missing), and no control characters or escape sequences. Hiding too much is harmless here; a secret is not.
  static func printable(_ text: String) -> String {
    let query = text.firstIndex(where: { $0 == "?" || $0 == "#" })
    let beforeQuery = text[..<(query ?? text.endIndex)]
    var shown = String(beforeQuery)
    if let at = beforeQuery.lastIndex(of: "@") {
      let authority = beforeQuery.firstRange(of: "://").map(\.upperBound).flatMap { $0 <= at ? $0 : nil }
      shown = String(beforeQuery[..<(authority ?? beforeQuery.startIndex)]) + "…" + beforeQuery[at...]
    }
    return TerminalText.sanitize(shown + (query == nil ? "" : "?…"))
  }
}
