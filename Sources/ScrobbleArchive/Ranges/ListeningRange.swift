/// The days a question is about, from `first` through `last` in the listener's local calendar, or all of time
/// when unbounded on a side. `interval` is the same as unix seconds [start, end), computed from local midnights in
/// the given zone, so a day that a daylight-saving change makes 23 or 25 hours long is still one day.
public struct ListeningRange: Sendable, Equatable {
  public var first: LocalDate?
  public var last: LocalDate?

  public init(first: LocalDate? = nil, last: LocalDate? = nil) {
    self.first = first
    self.last = last
  }

  /// Everything in the archive.
  public static let allTime = ListeningRange()

  public static func year(_ year: Int) -> ListeningRange {
    ListeningRange(first: CalendarText.Span.year(year).firstDay, last: CalendarText.Span.year(year).lastDay)
  }

  public var isAllTime: Bool { first == nil && last == nil }

  /// [start, end) in unix seconds; an open side is the smallest or largest second there is.
  public func interval(in zone: LocalZone) -> Range<Int64> {
    let start = first.map { zone.start(of: $0) } ?? Int64.min
    let end = last.map { zone.start(of: $0.adding(days: 1)) } ?? Int64.max
    return start..<max(start, end)
  }

  /// "2019-01-01 to 2019-12-31", "since 2019-01-01", "until 2019-12-31" or "all time".
  public var label: String {
    switch (first, last) {
    case (let first?, let last?): first == last ? "\(first)" : "\(first) to \(last)"
    case (let first?, nil): "since \(first)"
    case (nil, let last?): "until \(last)"
    case (nil, nil): "all time"
    }
  }
}
