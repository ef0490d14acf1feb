import FoundationEssentials
import ImageCacheSupport

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
    let (year, month, day) = CivilCalendar.date(fromDays: CivilCalendar.days(ofUnixSeconds: seconds))
    return "\(day) \(monthNames[month - 1]) \(year)"
  }
}
