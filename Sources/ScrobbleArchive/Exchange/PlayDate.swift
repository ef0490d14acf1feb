import ImageCacheSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The dates exporters write, read as UTC: Unix seconds (`1699999999`, or milliseconds), lastfm-to-csv's
/// `14 Nov 2023 22:13` (also with a comma after the year, or seconds), and ISO 8601 (`2023-11-14T22:13:05Z`,
/// `2023-11-14 22:13:05`). `hasSeconds` says whether the text gave the second.
enum PlayDate {
  static func parse(_ text: String) -> (time: Int, hasSeconds: Bool)? {
    let trimmed = String(text.trimmingWhitespace())
    if let number = Int(trimmed), number > 0 {
      return (number >= 100_000_000_000 ? number / 1000 : number, true)
    }
    return dayMonthYear(trimmed) ?? iso(trimmed)
  }

  private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

  /// `14 Nov 2023 22:13`, `14 Nov 2023, 22:13`, `14 Nov 2023 22:13:05`.
  private static func dayMonthYear(_ text: String) -> (time: Int, hasSeconds: Bool)? {
    let parts = text.replacing(",", with: " ").split(separator: " ")
    guard parts.count == 4, let day = Int(parts[0]), let year = Int(parts[2]),
      let month = months.firstIndex(of: String(parts[1].prefix(3)).lowercased())
    else { return nil }
    return clock(String(parts[3])).flatMap { hour, minute, second in
      utc(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second ?? 0)
        .map { ($0, second != nil) }
    }
  }

  /// `2023-11-14T22:13:05Z`, `2023-11-14 22:13:05`, `2023-11-14T22:13`, with `Z` or `+00:00` or nothing.
  private static func iso(_ text: String) -> (time: Int, hasSeconds: Bool)? {
    var rest = Substring(text)
    if rest.hasSuffix("Z") { rest = rest.dropLast() } else if rest.hasSuffix("+00:00") { rest = rest.dropLast(6) }
    let halves = rest.split(whereSeparator: { $0 == "T" || $0 == " " })
    guard halves.count == 2 else { return nil }
    let date = halves[0].split(separator: "-")
    guard date.count == 3, let year = Int(date[0]), let month = Int(date[1]), let day = Int(date[2]) else {
      return nil
    }
    return clock(String(halves[1])).flatMap { hour, minute, second in
      utc(year: year, month: month, day: day, hour: hour, minute: minute, second: second ?? 0)
        .map { ($0, second != nil) }
    }
  }

  /// `22:13` or `22:13:05`.
  private static func clock(_ text: String) -> (Int, Int, Int?)? {
    let parts = text.split(separator: ":")
    guard (2...3).contains(parts.count), let hour = Int(parts[0]), let minute = Int(parts[1]),
      (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    if parts.count == 2 { return (hour, minute, nil) }
    guard let second = Int(parts[2].prefix(2)), (0..<61).contains(second) else { return nil }
    return (hour, minute, second)
  }

  static func utc(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int? {
    guard (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(hour)
    parts.tm_min = Int32(minute)
    parts.tm_sec = Int32(second)
    let time = Int(timegm(&parts))
    return time > 0 ? time : nil
  }

  /// `2023-11-14T22:13:05Z`.
  static func iso(_ time: Int) -> String {
    var seconds = time_t(time)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }
}
