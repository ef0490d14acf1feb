/// One character cell of terminal output: its scalar, its pen's colours (nil: the terminal's defaults) and
/// attributes.
public struct ScreenCell: Equatable {
  public var scalar: Unicode.Scalar
  public var foreground: RGBColor?
  public var background: RGBColor?
  public var isReversed: Bool
  public var isBold: Bool
  public var isUnderlined: Bool

  /// The two colours the terminal shows, given its defaults, reverse video applied.
  public func colors(defaultForeground: RGBColor, defaultBackground: RGBColor) -> (
    foreground: RGBColor, background: RGBColor
  ) {
    let foreground = self.foreground ?? defaultForeground
    let background = self.background ?? defaultBackground
    return isReversed ? (background, foreground) : (foreground, background)
  }
}

/// Reads lines of terminal output (what `tmux capture-pane -e` prints, or a renderer's own) into cells: SGR
/// colours (reset, 16/256/true colour, defaults 39/49, reverse 7/27, bold 1/22, underline 4/24), REP
/// (`ESC[n b`), other escape sequences skipped. Palette indices show as `XtermPalette` colours.
public enum ScreenCellParser {
  public static func parse(line: String) -> [ScreenCell] {
    var cells: [ScreenCell] = []
    var pen = Pen()
    var scalars = line.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" {
        guard let introducer = scalars.next(), introducer == "[" else { continue }
        var parameters = ""
        var final: Unicode.Scalar = "m"
        while let next = scalars.next() {
          if (0x40...0x7E).contains(next.value) {
            final = next
            break
          }
          parameters.unicodeScalars.append(next)
        }
        if final == "m" { pen.apply(parameters) }
        if final == "b", let last = cells.last {
          // REP: repeat the previous character, which compacting encoders may use for long runs.
          cells += Array(repeating: last, count: max(1, Int(parameters) ?? 1))
        }
        continue
      }
      if scalar == "\r" || scalar.value < 0x20 { continue }
      cells.append(
        ScreenCell(
          scalar: scalar, foreground: pen.foreground, background: pen.background, isReversed: pen.reversed,
          isBold: pen.isBold, isUnderlined: pen.isUnderlined))
    }
    return cells
  }

  private struct Pen {
    var foreground: RGBColor?
    var background: RGBColor?
    var reversed = false
    var isBold = false
    var isUnderlined = false

    mutating func apply(_ parameters: String) {
      let codes = parameters.split(separator: ";", omittingEmptySubsequences: false)
        .flatMap { $0.split(separator: ":", omittingEmptySubsequences: false) }
        .map { Int($0) ?? 0 }
      var index = 0
      while index < codes.count {
        let code = codes[index]
        switch code {
        case 0: self = Pen()
        case 1: isBold = true
        case 22: isBold = false
        case 4: isUnderlined = true
        case 24: isUnderlined = false
        case 7: reversed = true
        case 27: reversed = false
        case 30...37: foreground = XtermPalette.ansi16[code - 30]
        case 90...97: foreground = XtermPalette.ansi16[code - 90 + 8]
        case 40...47: background = XtermPalette.ansi16[code - 40]
        case 100...107: background = XtermPalette.ansi16[code - 100 + 8]
        case 39: foreground = nil
        case 49: background = nil
        case 38, 48:
          var color: RGBColor?
          if index + 2 < codes.count, codes[index + 1] == 5 {
            color = XtermPalette.color(ofIndex: UInt8(clamping: codes[index + 2]))
            index += 2
          } else if index + 4 < codes.count, codes[index + 1] == 2 {
            color = RGBColor(
              UInt8(clamping: codes[index + 2]), UInt8(clamping: codes[index + 3]), UInt8(clamping: codes[index + 4]))
            index += 4
          }
          if code == 38 { foreground = color } else { background = color }
        default: break
        }
        index += 1
      }
    }
  }
}

/// The block glyphs (halves, quadrants, sextants) as the samples they fill on a 2 × 6 grid of the cell, bit
/// `row * 2 + column`: what a picture of a screen draws as exact shapes rather than as font glyphs.
public enum BlockGlyphShapes {
  private static let masks: [Unicode.Scalar: UInt16] = {
    let table = GlyphTable.sextant
    var masks: [Unicode.Scalar: UInt16] = [:]
    for family in table.families {
      for (pattern, glyph) in family.glyphs.enumerated() where glyph != " " {
        masks[glyph] = family.sampleMask(of: pattern, samplesPerRow: table.columns)
      }
    }
    return masks
  }()

  /// The samples `scalar` fills, or nil for a glyph that is not one of the block shapes.
  public static func sextantMask(of scalar: Unicode.Scalar) -> UInt16? { masks[scalar] }
}
