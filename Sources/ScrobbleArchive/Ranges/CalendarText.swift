/// Dates as people type them: `2019`, `2019-03`, `2019-03-31`. Only ASCII digits in those exact shapes; anything
/// else (a sign, a time, spaces) is refused, so nothing odd reaches the arithmetic.
public enum CalendarText {
  /// What a piece of text names: a whole year, a month or a day.
  public enum Span: Equatable, Sendable {
    case year(Int)
    case month(year: Int, month: Int)
    case day(LocalDate)

    /// The first day it covers.
    public var firstDay: LocalDate {
      switch self {
      case .year(let year): LocalDate(year: year, month: 1, day: 1)
      case .month(let year, let month): LocalDate(year: year, month: month, day: 1)
      case .day(let date): date
      }
    }

    /// The last day it covers.
    public var lastDay: LocalDate {
      switch self {
      case .year(let year): LocalDate(year: year, month: 12, day: 31)
      case .month(let year, let month):
        LocalDate(year: year, month: month, day: LocalDate.days(inMonth: month, of: year))
      case .day(let date): date
      }
    }
  }

  /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, a date the calendar has, years 1 to 9999; nil otherwise.
  public static func span(_ text: String) -> Span? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    let widths = [4, 2, 2]
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for (part, width) in zip(parts, widths) {
      guard part.utf8.count == width, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    switch numbers.count {
    case 1:
      return numbers[0] >= 1 ? .year(numbers[0]) : nil
    case 2:
      return LocalDate(year: numbers[0], month: numbers[1], day: 1).isValid
        ? .month(year: numbers[0], month: numbers[1]) : nil
    default:
      let date = LocalDate(year: numbers[0], month: numbers[1], day: numbers[2])
      return date.isValid ? .day(date) : nil
    }
  }
}
