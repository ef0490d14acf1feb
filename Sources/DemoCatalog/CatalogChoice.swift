import Foundation
import LastFM
import TerminalUI

/// Where Last.fm answers come from: one rule for `imgcache` and `artist-browser`, so the same flags and the same
/// environment pick the same server in both.
///
/// 1. `--demo` wins: the embedded demo catalog.
/// 2. A key (`--api-key`, else `LASTFM_API_KEY`; blank counts as none): Last.fm, or the server `--api-base` /
///    `LASTFM_API_BASE` names.
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

  /// `--api-key`, else `LASTFM_API_KEY`, trimmed; blank counts as absent.
  public static func apiKey(option: String?, environment: [String: String]) -> String? {
    let key = (option ?? environment["LASTFM_API_KEY"])?.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let key, !key.isEmpty else { return nil }
    return key
  }

  /// `--api-base`, else `LASTFM_API_BASE`, trimmed; blank counts as absent, anything but an http(s) URL with a
  /// host is an error naming where it came from.
  static func apiBaseURL(option: String?, environment: [String: String]) throws(CatalogChoiceError) -> URL? {
    let source = option != nil ? "--api-base" : "LASTFM_API_BASE"
    let text = (option ?? environment["LASTFM_API_BASE"])?.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let text, !text.isEmpty else { return nil }
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
      let host = url.host, !host.isEmpty
    else { throw .invalidAPIBase(text, source: source) }
    return url
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

  /// The text as typed, minus control characters and escape sequences (it is printed to a terminal) and any
  /// `user:password@`.
  static func printable(_ text: String) -> String {
    var shown = text
    if let scheme = shown.range(of: "://"), let at = shown[scheme.upperBound...].firstIndex(of: "@"),
      !shown[scheme.upperBound..<at].contains("/")
    {
      shown.replaceSubrange(scheme.upperBound...at, with: "…@")
    }
    return TerminalText.sanitize(shown)
  }
}
