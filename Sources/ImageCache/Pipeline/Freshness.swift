import Foundation

/// How long a response may be served without asking the server again (RFC 9111, the parts a
/// private thumbnail cache needs: `max-age`, `no-cache`/`no-store`, `Expires`, `Date`).
struct Freshness {
  var defaultTTL: TimeInterval

  func expiry(for headers: [String: String], now: Date) -> Date {
    if let cacheControl = headers["cache-control"]?.lowercased() {
      let directives = cacheControl.split(separator: ",").map { $0.trimmingHTTPWhitespace() }
      if directives.contains("no-cache") || directives.contains("no-store") { return now }
      for directive in directives where directive.hasPrefix("max-age=") {
        if let seconds = TimeInterval(directive.dropFirst("max-age=".count)) {
          return now.addingTimeInterval(max(0, seconds))
        }
      }
    }
    if let expires = headers["expires"] {
      // An unparseable Expires (often "0" or "-1") means already expired.
      guard let date = HTTPDate.parse(expires) else { return now }
      if let serverDate = headers["date"].flatMap(HTTPDate.parse) {
        // Use the server's clock for the interval, ours for the anchor.
        return now.addingTimeInterval(date.timeIntervalSince(serverDate))
      }
      return date
    }
    return now.addingTimeInterval(defaultTTL)
  }
}
