import FoundationEssentials

/// When something was played, as people say it: relative within a day ("3 min ago"), a date after ("2 Mar 2025").
/// Plain arithmetic on epoch seconds in UTC (no formatter, no calendar, no locale), so the text is the same on
/// every machine and needs no ICU.
enum ListeningTime {
  static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// "just now" under a minute (and for a clock running behind the server), "N min ago" under an hour,
  /// "N h ago" under a day, else the date.
  static func relative(_ date: Date, now: Date) -> String {
    let seconds = Int((now.timeIntervalSince1970 - date.timeIntervalSince1970).rounded(.down))
    switch seconds {
    case ..<60: return "just now"
    case ..<3600: return "\(seconds / 60) min ago"
    case ..<86_400: return "\(seconds / 3600) h ago"
    default: return calendarDate(date)
    }
  }

  /// "2 Mar 2025" (UTC).
  static func calendarDate(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let (year, month, day) = civil(fromDays: days)
    return "\(day) \(monthNames[month - 1]) \(year)"
  }

  /// The proleptic Gregorian (year, month 1...12, day 1...31) of `days` since 1970-01-01, by Howard Hinnant's
  /// `civil_from_days` (eras of 400 years, years starting in March so the leap day comes last).
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}
