/// A range's plays per name as a sum of what `PlayCounts` keeps: whole buckets, coarsest first, and the plays at
/// the edges that fill no bucket, read one by one. Or, for a range that spans most of the archive, the totals less
/// the plays outside it, which are the fewer to read.
struct ChartTerms: Equatable {
  enum Source: Equatable {
    /// The plays of `scrobble` with `time` in the range, counted row by row.
    case plays(Range<Int64>)
    /// The buckets numbered `numbers` of `grain` (`time >> grain`).
    case buckets(grain: Int, numbers: Range<Int64>)
    /// Every play of the archive (`play_total`).
    case total
  }

  struct Term: Equatable {
    var source: Source
    /// 1 to add, -1 to take away.
    var sign: Int
  }

  var terms: [Term]

  /// The terms for `interval` (unix seconds) over an archive whose plays span `span`.
  init(_ interval: Range<Int64>, span: ClosedRange<Int64>) {
    let end = span.upperBound + 1
    let lower = max(interval.lowerBound, span.lowerBound)
    let inside = lower..<max(lower, min(interval.upperBound, end))
    let insideSeconds = inside.upperBound - inside.lowerBound
    let outsideSeconds = (end - span.lowerBound) - insideSeconds
    // Each side costs about as much as the seconds it holds, the totals one row per name.
    if outsideSeconds < insideSeconds {
      terms =
        [Term(source: .total, sign: 1)]
        + (Self.pieces(span.lowerBound..<inside.lowerBound) + Self.pieces(inside.upperBound..<end)).map {
          Term(source: $0, sign: -1)
        }
    } else {
      terms = Self.pieces(inside).map { Term(source: $0, sign: 1) }
    }
  }

  /// `seconds` cut into whole buckets of the coarsest grain that fits, then of the finer ones at its edges, and
  /// the seconds left at the two edges; in time order.
  static func pieces(_ seconds: Range<Int64>, grains: ArraySlice<Int> = PlayCounts.grains[...]) -> [Source] {
    guard !seconds.isEmpty else { return [] }
    guard let grain = grains.first else { return [.plays(seconds)] }
    let first = -((-seconds.lowerBound) >> grain)  // the first bucket starting at or after the lower bound
    let last = seconds.upperBound >> grain  // the bucket holding the upper bound, which is not in the range
    guard first < last else { return pieces(seconds, grains: grains.dropFirst()) }
    return pieces(seconds.lowerBound..<(first << grain), grains: grains.dropFirst())
      + [.buckets(grain: grain, numbers: first..<last)]
      + pieces((last << grain)..<seconds.upperBound, grains: grains.dropFirst())
  }
}

extension ChartTerms {
  /// A SELECT of `(name, plays)` rows whose plays, added up per name, are the range's plays of each `grouping` name
  /// (`chart_name.id`), with its arguments; nil when there are no terms (an empty range). The rows are added up by
  /// the caller: SQLite's GROUP BY sorts them first, which cost five times what reading them does.
  func rows(of grouping: PlayGrouping) -> (sql: String, arguments: [Int64])? {
    guard !terms.isEmpty else { return nil }
    let code = grouping.code
    var arguments: [Int64] = []
    let selects = terms.map { term -> String in
      let sign = term.sign < 0 ? "-" : ""
      switch term.source {
      case .plays(let seconds):
        arguments += [seconds.lowerBound, seconds.upperBound]
        // CROSS JOIN keeps the plays of the range as the outer loop, each name looked up by its unique index;
        // left to choose, SQLite walks every name of the grouping and searches its plays in the range.
        return """
          SELECT n.id, \(sign)1 FROM scrobble AS s CROSS JOIN chart_name AS n ON n.grouping = \(code) \
          AND n.artist = s.artist AND n.title = \(grouping.titleColumn(of: "s")) WHERE s.time >= ? AND s.time < ?
          """
      case .buckets(let grain, let numbers):
        arguments += [numbers.lowerBound, numbers.upperBound]
        return """
          SELECT name, \(sign)plays FROM play_count WHERE grouping = \(code) AND grain = \(grain) \
          AND bucket >= ? AND bucket < ?
          """
      case .total:
        return "SELECT name, \(sign)plays FROM play_total WHERE grouping = \(code)"
      }
    }
    return (selects.joined(separator: " UNION ALL "), arguments)
  }
}
