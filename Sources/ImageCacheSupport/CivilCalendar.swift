/// The proleptic Gregorian calendar as day numbers, days since 1970-01-01 (negative before), by Howard Hinnant's
/// `civil_from_days` and `days_from_civil`: eras of 400 years, each year starting in March so the leap day comes
/// last. Plain arithmetic, with no time zone, locale or ICU, for HTTP dates, listening archives and the texts
/// that name a day.
public enum CivilCalendar {
  /// The (year, month 1...12, day 1...31) of day number `days`.
  @inlinable
  public static func date(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The day number of `year`-`month`-`day`.
  @inlinable
  public static func days(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day number of the UTC day `unixSeconds` falls in (a second before 1970 falls on 1969-12-31).
  @inlinable
  public static func days(ofUnixSeconds unixSeconds: Int) -> Int {
    unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
  }
}
