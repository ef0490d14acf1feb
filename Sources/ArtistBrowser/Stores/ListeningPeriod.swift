import LastFM

/// The periods a listener's charts cover, in the order `p` cycles through them; raw values as Last.fm names them.
@_spi(Benchmarks) public enum ListeningPeriod: String, Codable, CaseIterable, Sendable {
  case week = "7day"
  case month = "1month"
  case quarter = "3month"
  case halfYear = "6month"
  case year = "12month"
  case overall

  /// Last.fm's period of the same name, whose label the browser shows too.
  var chartPeriod: ChartPeriod { ChartPeriod(rawValue: rawValue) ?? .overall }

  var label: String { chartPeriod.label }

  /// The next period, wrapping from `overall` back to a week.
  var next: ListeningPeriod {
    let all = Self.allCases
    return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
  }
}
