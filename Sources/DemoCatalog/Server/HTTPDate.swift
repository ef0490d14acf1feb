/// The one HTTP date format servers must send and accept (RFC 9110 IMF-fixdate), parsed without
/// `DateFormatter`, which is locale-sensitive and not `Sendable`.
enum HTTPDate {
  /// When every demo cover was "last modified": fixed, so validators never change between runs.
  static let coversLastModified = "Mon, 01 Jan 2024 00:00:00 GMT"
  static let coversLastModifiedSeconds = secondsSinceEpoch(coversLastModified)!

  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// Seconds since 1970 for "Sun, 06 Nov 1994 08:49:37 GMT"; nil for anything else.
  static func secondsSinceEpoch(_ text: String) -> Int? {
    let parts = text.split(separator: " ")
    guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]),
      let monthIndex = months.firstIndex(of: String(parts[2]))
    else { return nil }
    let time = parts[4].split(separator: ":").compactMap { Int($0) }
    guard time.count == 3 else { return nil }
    return daysSinceEpoch(year: year, month: monthIndex + 1, day: day) * 86_400 + time[0] * 3600 + time[1] * 60
      + time[2]
  }

  /// Howard Hinnant's days-from-civil for the proleptic Gregorian calendar.
  private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
