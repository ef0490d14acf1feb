/// Last.fm's chart periods, as the demo server reads them: the last so many days up to now.
enum DemoPeriod: String, CaseIterable {
  case week = "7day", month = "1month", quarter = "3month", halfYear = "6month", year = "12month", overall

  var seconds: Int? {
    switch self {
    case .week: 7 * 86_400
    case .month: 30 * 86_400
    case .quarter: 91 * 86_400
    case .halfYear: 182 * 86_400
    case .year: 365 * 86_400
    case .overall: nil
    }
  }
}
