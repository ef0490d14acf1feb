import Foundation
import Synchronization

/// RFC 9110 dates: IMF-fixdate, plus the obsolete RFC 850 and asctime forms some servers still send.
/// Used for `Retry-After`, `Expires` and `Date`, and by the demo server for `If-Modified-Since`.
public enum HTTPDate {
  /// Seconds since 1970 of an IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT", the form RFC 9110 says to send),
  /// read at the byte level; nil for anything else. This is what nearly every server sends, and a thumbnail
  /// response can carry two (`Expires`, `Date`): going through `DateFormatter` cost tens of microseconds each.
  public static func secondsSinceEpoch(imfFixdate text: some StringProtocol) -> Int? {
    let bytes = Array(text.utf8)
    guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == space, bytes[7] == space,
      bytes[11] == space, bytes[16] == space, bytes[19] == colon, bytes[22] == colon, bytes[25] == space,
      dayNames.contains(where: { $0.elementsEqual(bytes[0..<3]) }), bytes[26...].elementsEqual("GMT".utf8),
      let month = monthNames.firstIndex(where: { $0.elementsEqual(bytes[8..<11]) }).map({ $0 + 1 }),
      let day = number(bytes[5..<7]), let year = number(bytes[12..<16]), let hour = number(bytes[17..<19]),
      let minute = number(bytes[20..<22]), let second = number(bytes[23..<25]),
      (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second <= 60
    else { return nil }
    return daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// Any of the three forms; surrounding spaces and tabs are ignored.
  public static func parse(_ text: String) -> Date? {
    let clean = String(text.trimmingHTTPWhitespace())
    if let seconds = secondsSinceEpoch(imfFixdate: clean) { return Date(timeIntervalSince1970: Double(seconds)) }
    // The obsolete forms are rare; their formatters are made once and used under a lock (a DateFormatter is not
    // documented as safe to share between threads).
    return obsoleteFormatters.withLock { formatters in
      for formatter in formatters { if let date = formatter.date(from: clean) { return date } }
      return nil
    }
  }

  private static let space = UInt8(ascii: " ")
  private static let colon = UInt8(ascii: ":")
  private static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map { Array($0.utf8) }
  private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    .map { Array($0.utf8) }

  /// The IMF-fixdate pattern stays in the list: it also reads what the fast path refuses, such as lower-case names.
  private static let obsoleteFormatters = Mutex(
    ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"].map { format in
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      return formatter
    })

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
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
