import FoundationEssentials
internal import ImageCacheSupport

/// How long a response may be served without asking the server again, and what may be done with it once stale
/// (RFC 9111, the parts a private image cache needs).
///
/// The freshness lifetime is, in order: `max-age`; else `Expires` (against the response's `Date`); else, with
/// `Last-Modified`, a tenth of the time since that modification, at most `heuristicCap` (§4.2.2); else
/// `defaultTTL`. `no-cache` makes it zero (always revalidated) and `Age` counts against it (§4.2.3).
struct Freshness {
  var defaultTTL: TimeInterval
  /// The most a heuristic lifetime may be: a picture last changed a year ago is not trusted for five weeks.
  var heuristicCap: TimeInterval = 24 * 3600

  /// What the response's headers allow.
  struct Policy: Equatable {
    var expiresAt: Date
    /// `no-store`: serve the response, never write it to disk.
    var noStore = false
    /// Until when a stale copy may still be served if revalidating it fails; nil: no limit (offline first).
    /// `must-revalidate` sets it to `expiresAt`: never served stale once stale.
    var staleIfErrorUntil: Date?
    /// Until when a stale copy is served at once while it is revalidated in the background; nil: never.
    var staleWhileRevalidateUntil: Date?
  }

  func policy(for headers: [String: String], now: Date) -> Policy {
    let directives = CacheControl(headers["cache-control"] ?? "")
    let lifetime = directives.has("no-cache") ? 0 : freshnessLifetime(directives, headers, now: now)
    let age = headers["age"].flatMap { TimeInterval($0.trimmingHTTPWhitespace()) }.map { max(0, $0) } ?? 0
    let expiresAt = now.addingTimeInterval(max(0, lifetime - age))
    var policy = Policy(expiresAt: expiresAt, noStore: directives.has("no-store"))
    if directives.has("must-revalidate") {
      policy.staleIfErrorUntil = expiresAt
    } else if let seconds = directives.seconds("stale-if-error") {
      policy.staleIfErrorUntil = expiresAt.addingTimeInterval(seconds)
    }
    if let seconds = directives.seconds("stale-while-revalidate") {
      policy.staleWhileRevalidateUntil = expiresAt.addingTimeInterval(seconds)
    }
    return policy
  }

  func expiry(for headers: [String: String], now: Date) -> Date {
    policy(for: headers, now: now).expiresAt
  }

  private func freshnessLifetime(
    _ directives: CacheControl, _ headers: [String: String], now: Date
  ) -> TimeInterval {
    if let maxAge = directives.seconds("max-age") { return maxAge }
    let serverDate = headers["date"].flatMap(HTTPDate.parse)
    if let expires = headers["expires"] {
      // An unparseable Expires (often "0" or "-1") means already expired.
      guard let date = HTTPDate.parse(expires) else { return 0 }
      // The server's clock for the interval when it sent its own; else ours (§4.2.1).
      return date.timeIntervalSince(serverDate ?? now)
    }
    if let lastModified = headers["last-modified"].flatMap(HTTPDate.parse) {
      let sinceModified = (serverDate ?? now).timeIntervalSince(lastModified)
      return min(max(0, sinceModified / 10), heuristicCap)
    }
    return defaultTTL
  }
}

/// The directives of a `Cache-Control` value (lines sent separately arrive joined with commas, `CurlTransfer`),
/// names lower-cased. A directive given twice counts by its first occurrence (RFC 9111 §4.2.1).
struct CacheControl {
  private var directives: [(name: Substring, value: Substring?)] = []

  init(_ value: String) {
    for part in value.split(separator: ",") {
      let directive = part.trimmingHTTPWhitespace()
      guard !directive.isEmpty else { continue }
      if let equals = directive.firstIndex(of: "=") {
        var argument = directive[directive.index(after: equals)...].trimmingHTTPWhitespace()
        if argument.count >= 2, argument.first == "\"", argument.last == "\"" {
          argument = argument.dropFirst().dropLast()
        }
        directives.append((Substring(directive[..<equals].trimmingHTTPWhitespace().lowercased()), argument))
      } else {
        directives.append((Substring(directive.lowercased()), nil))
      }
    }
  }

  func has(_ name: String) -> Bool { directives.contains { $0.name == name } }

  /// A delta-seconds argument; nil when absent or not a number.
  func seconds(_ name: String) -> TimeInterval? {
    guard let value = directives.first(where: { $0.name == name })?.value, let seconds = TimeInterval(value) else {
      return nil
    }
    return max(0, seconds)
  }
}
