import FoundationEssentials

/// RFC 9110 dates: IMF-fixdate, plus the obsolete RFC 850 and asctime forms some servers still send.
/// Used for `Retry-After`, `Expires` and `Date`, and by the demo server for `If-Modified-Since`.
public enum HTTPDate {
  /// Seconds since 1970 of an IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT", the form RFC 9110 says to send),
  /// read at the byte level; nil for anything else. This is what nearly every server sends, and a thumbnail
  /// response can carry two (`Expires`, `Date`), so it is read in place, with no copy and no formatter.
  public static func secondsSinceEpoch(imfFixdate text: some StringProtocol) -> Int? {
    if let seconds = text.utf8.withContiguousStorageIfAvailable({ imfFixdate($0) }) { return seconds }
    return Array(text.utf8).withUnsafeBufferPointer { imfFixdate($0) }
  }

  private static func imfFixdate(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == space, bytes[7] == space,
      bytes[11] == space, bytes[16] == space, bytes[19] == colon, bytes[22] == colon, bytes[25] == space,
      dayTags.contains(tag(bytes, at: 0)), tag(bytes, at: 26) == gmtTag,
      let month = monthTags.firstIndex(of: tag(bytes, at: 8)).map({ $0 + 1 }),
      let day = number(bytes[5..<7]), let year = number(bytes[12..<16]), let hour = number(bytes[17..<19]),
      let minute = number(bytes[20..<22]), let second = number(bytes[23..<25]),
      (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second <= 60
    else { return nil }
    return CivilCalendar.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// Any of the three forms; surrounding spaces and tabs are ignored. The obsolete forms, and an IMF-fixdate the
  /// fast path refuses (names in another case, one-digit days), are read by fields.
  public static func parse(_ text: String) -> Date? { parse(text, now: Date()) }

  /// `parse`, with RFC 850's two-digit years read relative to `now`.
  public static func parse(_ text: String, now: Date) -> Date? {
    let clean = text.trimmingHTTPWhitespace()
    if let seconds = secondsSinceEpoch(imfFixdate: clean) { return Date(timeIntervalSince1970: Double(seconds)) }
    return obsoleteSeconds(String(clean), now: now).map { Date(timeIntervalSince1970: Double($0)) }
  }

  /// "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT" or "Sun Nov  6 08:49:37 1994".
  private static func obsoleteSeconds(_ text: String, now: Date) -> Int? {
    let fields = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
    guard let first = fields.first, isDayName(first) else { return nil }
    let year: Int?
    let month: Int?
    let day: Int?
    let time: String
    if fields.count == 6, fields[5] == "gmt" {  // IMF-fixdate or RFC 850
      day = Int(fields[1])
      month = monthNumber(fields[2])
      year = Int(fields[3]).flatMap { fields[3].count == 2 ? fullYear(twoDigits: $0, now: now) : $0 }
      time = fields[4]
    } else if fields.count == 5 {  // asctime
      month = monthNumber(fields[1])
      day = Int(fields[2])
      time = fields[3]
      year = fields[4].count == 4 ? Int(fields[4]) : nil
    } else {
      return nil
    }
    let clock = time.split(separator: ":", omittingEmptySubsequences: false)
    guard let year, let month, let day, year >= 0, clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
      let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
      (1...daysIn(month: month, year: year)).contains(day), (0..<24).contains(hour), (0..<60).contains(minute),
      (0...60).contains(second)
    else { return nil }
    return CivilCalendar.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
  }

  private static let fullDayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

  private static func isDayName(_ field: String) -> Bool {
    fullDayNames.contains(field) || fullDayNames.contains { $0.prefix(3) == field }
  }

  private static func monthNumber(_ field: String) -> Int? {
    monthNames.firstIndex { $0.lowercased() == field }.map { $0 + 1 }
  }

  /// RFC 9110 §5.6.7: a two-digit year more than 50 years in the future means the past century's.
  private static func fullYear(twoDigits: Int, now: Date) -> Int? {
    guard (0..<100).contains(twoDigits) else { return nil }
    let thisYear = 1970 + Int(now.timeIntervalSince1970 / 31_556_952)
    var year = thisYear - thisYear % 100 + twoDigits
    if year > thisYear + 50 { year -= 100 }
    return year
  }

  private static let space = UInt8(ascii: " ")
  private static let colon = UInt8(ascii: ":")
  private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  /// The fast path's names as numbers (`tag`): one comparison each instead of three bytes'.
  private static let dayTags: [UInt32] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map(tag)
  private static let monthTags: [UInt32] = monthNames.map(tag)
  private static let gmtTag = tag("GMT")

  /// Three bytes from `offset` as one number.
  private static func tag(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2])
  }

  private static func tag(_ name: String) -> UInt32 {
    Array(name.utf8).withUnsafeBufferPointer { tag($0, at: 0) }
  }

  private static func number(_ digits: some Collection<UInt8>) -> Int? {
    var value = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
