/// One earlier year's plays on a calendar day.
public struct YearOnThisDay: Sendable, Equatable {
  public var date: LocalDate
  public var plays: Int
  public var topArtists: [ChartEntry]
}

extension ArchiveStatistics {
  /// `day`'s month and day in every earlier year the archive covers, newest first, years without plays left out.
  /// February 29 is only looked for in leap years.
  public func onThisDay(_ day: LocalDate, artistsPerYear: Int = 3) throws -> [YearOnThisDay] {
    guard let span = try span() else { return [] }
    let firstYear = zone.date(at: span.lowerBound).year
    var years: [YearOnThisDay] = []
    for year in stride(from: day.year - 1, through: firstYear, by: -1) {
      let date = LocalDate(year: year, month: day.month, day: day.day)
      guard date.isValid else { continue }
      let range = ListeningRange(first: date, last: date)
      let chart = try top(.artist, in: range, limit: artistsPerYear)
      guard chart.plays > 0 else { continue }
      years.append(YearOnThisDay(date: date, plays: chart.plays, topArtists: chart.entries))
    }
    return years
  }
}
