import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Query parameter names that carry credentials, not an image's identity: left out of cache keys (and so of the
/// index, `imgcache ls` and `--json`), per host. Names and hosts compare case-insensitively.
public struct CredentialParameters: Equatable {
  /// Dropped on every host.
  public var everyHost: Set<String>
  /// Dropped on the named host (its name without port, e.g. `"images.example.com"`) as well.
  public var byHost: [String: Set<String>]

  /// Names dropped on every host, and per host; both compare case-insensitively.
  public init(everyHost: Set<String> = [], byHost: [String: Set<String>] = [:]) {
    self.everyHost = Set(everyHost.map { $0.lowercased() })
    self.byHost = Dictionary(
      byHost.map { ($0.key.lowercased(), Set($0.value.map { $0.lowercased() })) }, uniquingKeysWith: { $0.union($1) })
  }

  /// Last.fm's credentials (`api_key`, and a signed call's `api_sig` and session key `sk`), on every host: the
  /// project's own secrets, whichever server a URL names.
  public static let `default` = CredentialParameters(everyHost: ["api_key", "api_sig", "sk"])

  func names(forHost host: String?) -> Set<String> {
    guard let host, let own = byHost[host.lowercased()] else { return everyHost }
    return everyHost.union(own)
  }
}

extension CredentialParameters {
  /// The key an image is stored under: its URL without credentials. API keys travel in query strings (Last.fm's
  /// `api_key`), and the cache index is a plain file that `imgcache ls` prints, so they are dropped; the rest of the
  /// query stays, because it selects the image: `?size=64`, and a `token` or `sig` that signs one image's URL is
  /// part of what makes it that image unless a host is configured to say otherwise.
  func cacheKey(for url: URL) -> String {
    var string = url.absoluteString
    // Nearly every image URL has no query, user info or fragment: then there is nothing to strip, and a memory
    // hit (which computes this key on every call) need not parse the URL into components.
    if !string.withUTF8(Self.containsQueryUserOrFragment) { return string }
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
    components.user = nil
    components.password = nil
    components.fragment = nil
    if let items = components.percentEncodedQueryItems {
      let dropped = names(forHost: components.host)
      let kept = items.filter { !dropped.contains($0.name.lowercased()) }
      components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
    }
    return components.string ?? url.absoluteString
  }

  /// Whether `bytes` hold a `?`, `@` or `#`: libc's `memchr`, vectorised, once for each, because a plain memory hit
  /// scans its whole URL on every call.
  static func containsQueryUserOrFragment(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    return memchr(base, 0x3F, bytes.count) != nil || memchr(base, 0x40, bytes.count) != nil
      || memchr(base, 0x23, bytes.count) != nil
  }
}

extension CredentialParameters: Sendable {}
