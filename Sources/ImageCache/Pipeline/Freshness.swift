import Foundation

/// How long a response may be served without asking the server again (RFC 9111, the parts a
/// private thumbnail cache needs: `max-age`, `no-cache`/`no-store`, `Expires`, `Date`).
struct Freshness {
  var defaultTTL: TimeInterval

  func expiry(for headers: [String: String], now: Date) -> Date {
    if let cacheControl = headers["cache-control"]?.lowercased() {
      let directives = cacheControl.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
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

/// IMF-fixdate and the two obsolete forms HTTP still allows.
enum HTTPDate {
  private static let formats = ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]

  static func parse(_ text: String) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    for format in formats {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: trimmed) { return date }
    }
    return nil
  }
}
