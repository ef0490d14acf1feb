/// Plays placed on the local calendar: per day, per month, per hour of each weekday. Built from the local
/// wall-clock seconds `ArchiveStatistics.localPlayTimes` gives, by arithmetic alone.
public struct ListeningCalendar: Sendable, Equatable {
  /// Plays per local day number (`LocalDate.dayNumber`); days without plays are absent.
  public private(set) var playsByDay: [Int: Int] = [:]
  /// `clock[weekday][hour]`: weekday 0 is Monday, hour 0 to 23 of the local clock.
  public private(set) var clock = Array(repeating: Array(repeating: 0, count: 24), count: 7)
  public private(set) var total = 0

  public init(localTimes: [Int64]) {
    // Times in order come a day at a time: each day's plays are counted in a run and added once (a day can come
    // back, after a change to winter time, and is then added to).
    var run: (day: Int, plays: Int)?
    for local in localTimes {
      let day = Int(UTCOffsets.floorDivide(local, 86_400))
      let hour = Int((local - Int64(day) * 86_400) / 3600)
      if let current = run, current.day == day {
        run = (day, current.plays + 1)
      } else {
        if let current = run { playsByDay[current.day, default: 0] += current.plays }
        run = (day, 1)
      }
      clock[LocalDate.weekdayFromMonday(ofDayNumber: day)][hour] += 1
    }
    if let current = run { playsByDay[current.day, default: 0] += current.plays }
    total = localTimes.count
  }

  public func plays(on date: LocalDate) -> Int { playsByDay[date.dayNumber] ?? 0 }

  /// Plays per month, in calendar order, from the first month with a play to the last (months between without
  /// plays included, with 0).
  public var playsByMonth: [(month: LocalDate, plays: Int)] {
    var byMonth: [Int: Int] = [:]
    for (day, plays) in playsByDay {
      let date = LocalDate(dayNumber: day)
      byMonth[date.year * 12 + date.month - 1, default: 0] += plays
    }
    guard let first = byMonth.keys.min(), let last = byMonth.keys.max() else { return [] }
    return (first...last).map { key in
      (LocalDate(year: key / 12, month: key % 12 + 1, day: 1), byMonth[key] ?? 0)
    }
  }

  /// The longest run of consecutive days with at least one play (the earliest of equally long runs); nil when
  /// there are no plays.
  public var longestStreak: Streak? {
    let days = playsByDay.keys.sorted()
    var best: Streak?
    var index = 0
    while index < days.count {
      var end = index
      var plays = playsByDay[days[index], default: 0]
      while end + 1 < days.count && days[end + 1] == days[end] + 1 {
        end += 1
        plays += playsByDay[days[end], default: 0]
      }
      let run = Streak(first: LocalDate(dayNumber: days[index]), last: LocalDate(dayNumber: days[end]), plays: plays)
      if run.days > best?.days ?? 0 { best = run }
      index = end + 1
    }
    return best
  }

  public struct Streak: Sendable, Equatable {
    public var first: LocalDate
    public var last: LocalDate
    public var plays: Int
    public var days: Int { last.dayNumber - first.dayNumber + 1 }
  }
}

extension ArchiveStatistics {
  /// The plays of `range` on the local calendar.
  public func calendar(in range: ListeningRange) throws -> ListeningCalendar {
    ListeningCalendar(localTimes: try localPlayTimes(in: range))
  }
}
