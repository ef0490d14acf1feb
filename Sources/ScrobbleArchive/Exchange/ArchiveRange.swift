#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A range of days written as people write them, in local time (`TZ`): `2023`, `2023-11`, `2023-11-14`, or two of
/// them joined by `..` (`2023-06..2023-08`, `2023..`, `..2023-11-14`), each end taking in its whole year, month or
/// day. The result is UTC seconds, both ends included.
public enum ArchiveRange {
  public static func parse(_ text: String) -> ClosedRange<Int>? {
    let ends = text.split(separator: "..", omittingEmptySubsequences: false)
    if ends.count == 2 {
      let lower = String(ends[0])
      let upper = String(ends[1])
      guard !(lower.isEmpty && upper.isEmpty) else { return nil }
      let from = lower.isEmpty ? Int.min : period(lower)?.lowerBound
      let to = upper.isEmpty ? Int.max : period(upper)?.upperBound
      guard let from, let to, from <= to else { return nil }
      return from...to
    }
    return period(text)
  }

  /// One year, month or day.
  static func period(_ text: String) -> ClosedRange<Int>? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
    guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
    let year = parts[0]!
    guard (1970...9999).contains(year) else { return nil }
    let month = parts.count > 1 ? parts[1]! : nil
    let day = parts.count > 2 ? parts[2]! : nil
    if let month, !(1...12).contains(month) { return nil }
    if let day, !(1...31).contains(day) { return nil }
    guard let start = local(year: year, month: month ?? 1, day: day ?? 1) else { return nil }
    let next: Int? =
      if let day { local(year: year, month: month!, day: day + 1) } else if let month {
        month == 12 ? local(year: year + 1, month: 1, day: 1) : local(year: year, month: month + 1, day: 1)
      } else { local(year: year + 1, month: 1, day: 1) }
    guard let next, next > start else { return nil }
    return start...(next - 1)
  }

  /// Local midnight of a day (mktime rolls day 32 over into the next month).
  private static func local(year: Int, month: Int, day: Int) -> Int? {
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_isdst = -1
    let time = mktime(&parts)
    return time == -1 ? nil : Int(time)
  }
}
