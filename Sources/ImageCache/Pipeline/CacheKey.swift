import Foundation

/// The key an image is stored under: its URL without credentials. API keys, session keys and signatures travel in
/// query strings (Last.fm's `api_key`), and the cache index is a plain file that `imgcache ls` prints, so they are
/// dropped; the rest of the query stays, because it may select a different image (`?size=64`).
public enum CacheKey {
  /// Query parameter names (compared case-insensitively) that carry credentials, not the image's identity.
  public static let credentialParameters: Set<String> = [
    "api_key", "apikey", "api_sig", "sk", "key", "token", "access_token", "secret", "signature", "sig",
    "x-amz-signature", "x-amz-credential", "x-amz-security-token",
  ]

  public static func make(for url: URL) -> String {
    let string = url.absoluteString
    // Nearly every image URL has no query, user info or fragment: then there is nothing to strip, and a memory
    // hit (which computes this key on every call) need not parse the URL into components.
    if !string.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "#") }) {
      return string
    }
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
    components.user = nil
    components.password = nil
    components.fragment = nil
    if let items = components.percentEncodedQueryItems {
      let kept = items.filter { !credentialParameters.contains($0.name.lowercased()) }
      components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
    }
    return components.string ?? url.absoluteString
  }
}
