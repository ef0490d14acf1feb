/// How a chart shows a level of plays, 0 (none) to 4 (the most): the colour modes the terminal offers, each still
/// readable where it is the least there is.
public enum ChartPalette: String, Sendable, CaseIterable {
  /// xterm's 256 colours: cells as coloured blocks on a scale of greens, an empty day dark grey.
  case xterm256 = "256"
  /// The 16 ANSI colours: too few greens for a scale, so the shade characters carry the level and colour helps.
  case ansi16 = "16"
  /// No escape sequences (`NO_COLOR`, `--plain`, a pipe): the shade characters alone.
  case shades = "none"

  /// The glyphs of levels 0 to 4 where the level is drawn as a character.
  public static let shadeGlyphs: [Character] = ["·", "░", "▒", "▓", "█"]

  /// What a cell of `level` is drawn with: an SGR code (nil for none) and the character.
  public func cell(level: Int) -> (sgr: String?, glyph: Character) {
    switch self {
    case .xterm256:
      // #303030, then greens from #005f00 to #00d700.
      let colours = [236, 22, 28, 34, 40]
      return ("48;5;\(colours[level])", " ")
    case .ansi16:
      return ([90, 32, 32, 92, 92].map(String.init)[level], Self.shadeGlyphs[level])
    case .shades:
      return (nil, Self.shadeGlyphs[level])
    }
  }

  /// The colour of a bar (plays per month); nil without colour.
  public var barSGR: String? {
    switch self {
    case .xterm256: "38;5;34"
    case .ansi16: "32"
    case .shades: nil
    }
  }

  /// Cells joined into one line, with an SGR code only where it changes and a reset at the end; cells without a
  /// level are blank, and left out at the end.
  func row(_ cells: [(level: Int?, width: Int)]) -> String {
    let cells = cells.prefix(through: cells.lastIndex { $0.level != nil } ?? -1)
    var line = ""
    var current: String?
    for cell in cells {
      guard let level = cell.level else {
        if current != nil { line += "\u{1B}[0m" }
        current = nil
        line += String(repeating: " ", count: cell.width)
        continue
      }
      let drawn = self.cell(level: level)
      if drawn.sgr != current {
        line += drawn.sgr.map { "\u{1B}[0;\($0)m" } ?? "\u{1B}[0m"
        current = drawn.sgr
      }
      line += String(repeating: drawn.glyph, count: cell.width)
    }
    if current != nil { line += "\u{1B}[0m" }
    return line
  }
}

/// Counts on a scale of four levels relative to the largest: level ⌈4·count/largest⌉, 0 for none.
public struct PlayScale: Sendable, Equatable {
  public let largest: Int

  public init(largest: Int) { self.largest = largest }

  public func level(of count: Int) -> Int {
    guard count > 0, largest > 0 else { return 0 }
    return min(4, (4 * count + largest - 1) / largest)
  }

  /// The counts each level 1 to 4 stands for (a level no count reaches is left out).
  public var levels: [(level: Int, counts: ClosedRange<Int>)] {
    guard largest > 0 else { return [] }
    return (1...4).compactMap { level in
      let low = (level - 1) * largest / 4 + 1
      let high = level * largest / 4
      return low <= high ? (level, low...high) : nil
    }
  }

  /// "less · ░ ▒ ▓ █ more" drawn in `palette`, then what each level counts.
  public func legend(palette: ChartPalette, unit: String) -> String {
    let swatches = palette.row([(0, 1)]) + " " + levels.map { palette.row([($0.level, 1)]) }.joined(separator: " ")
    let meaning = levels.map { entry in
      entry.counts.count == 1 ? "\(entry.counts.lowerBound)" : "\(entry.counts.lowerBound)-\(entry.counts.upperBound)"
    }
    return "less " + swatches + " more" + (meaning.isEmpty ? "" : "   (\(meaning.joined(separator: ", ")) \(unit))")
  }
}
