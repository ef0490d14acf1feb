import ImageCacheSupport

/// A calendar date with no time zone: what a listener means by "2024-03-31". Day numbers count days from
/// 1970-01-01 in the proleptic Gregorian calendar, so a run of dates is a run of integers and the weekday is a
/// remainder.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `dayNumber` days after 1970-01-01.
  public init(dayNumber: Int) {
    (year, month, day) = CivilCalendar.date(fromDays: dayNumber)
  }

  /// Days since 1970-01-01 (negative before).
  public var dayNumber: Int { CivilCalendar.days(year: year, month: month, day: day) }

  /// 0 for Monday through 6 for Sunday (1970-01-01 was a Thursday).
  public var weekdayFromMonday: Int { Self.weekdayFromMonday(ofDayNumber: dayNumber) }

  public static func weekdayFromMonday(ofDayNumber dayNumber: Int) -> Int {
    let remainder = (dayNumber + 3) % 7
    return remainder < 0 ? remainder + 7 : remainder
  }

  public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

  public static func isLeapYear(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  public static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// True for a date the calendar has (no 2023-02-29), within years 1 to 9999.
  public var isValid: Bool {
    (1...9999).contains(year) && (1...12).contains(month) && (1...Self.days(inMonth: month, of: year)).contains(day)
  }

  /// `YYYY-MM-DD`.
  public var description: String { "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))" }

  /// `YYYY-MM`.
  public var monthText: String { "\(Self.padded(year, 4))-\(Self.padded(month, 2))" }

  public static func < (left: LocalDate, right: LocalDate) -> Bool {
    (left.year, left.month, left.day) < (right.year, right.month, right.day)
  }

  static func padded(_ value: Int, _ digits: Int) -> String {
    let text = String(value)
    return text.count >= digits ? text : String(repeating: "0", count: digits - text.count) + text
  }
}
