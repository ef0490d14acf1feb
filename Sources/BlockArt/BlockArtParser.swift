/// Reads ANSI block art back into the colours a terminal would show on a symbol set's sample grid
/// (`SymbolSet.samplesPerCell`), so output from any renderer (ours, or `chafa -f symbols`) can be scored by the
/// same code: each cell becomes its glyph's shape in its two colours.
///
/// Understands SGR colour codes (reset, 16/256/true colour, default colours 39/49, reverse video 7/27),
/// REP (`ESC[n b`), ignores other escape sequences (chafa hides and shows the cursor), and the glyphs of the set:
/// for half blocks `▀`, `▄`, `█` and space; for quadrants all sixteen; for sextants the sixty-four sextant shapes
/// and the quadrants and halves. Any other glyph counts as foreground over the whole cell. Palette indices show
/// as `XtermPalette` colours.
public struct BlockArtParser {
  public var symbols: SymbolSet
  public var defaultForeground: RGBColor
  public var defaultBackground: RGBColor

  public init(symbols: SymbolSet = .half, defaultForeground: RGBColor = .white, defaultBackground: RGBColor = .black) {
    self.symbols = symbols
    self.defaultForeground = defaultForeground
    self.defaultBackground = defaultBackground
  }

  public func parse(_ output: String) -> SampleImage {
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let last = lines.last, Self.hasNothingVisible(last) { lines.removeLast() }
    return parse(lines: lines)
  }

  public func parse(lines: [String]) -> SampleImage {
    let table = GlyphTable.of(symbols)
    var masks: [Unicode.Scalar: UInt16] = [:]
    for family in table.families {
      for (pattern, glyph) in family.glyphs.enumerated() {
        masks[glyph] = family.sampleMask(of: pattern, samplesPerRow: table.columns)
      }
    }
    let rows = lines.map { parseLine($0, masks: masks, full: UInt16(1 << (table.columns * table.rows)) - 1) }
    let cellsPerRow = rows.map(\.count).max() ?? 0
    let width = cellsPerRow * table.columns
    var rgb: [UInt8] = []
    rgb.reserveCapacity(width * rows.count * table.rows * 3)
    for row in rows {
      for sampleRow in 0..<table.rows {
        for column in 0..<cellsPerRow {
          for sampleColumn in 0..<table.columns {
            var color = defaultBackground
            if column < row.count {
              let cell = row[column]
              color =
                cell.mask & (1 << (sampleRow * table.columns + sampleColumn)) != 0 ? cell.foreground : cell.background
            }
            rgb += [color.red, color.green, color.blue]
          }
        }
      }
    }
    return SampleImage(width: width, height: rows.count * table.rows, rgb: rgb)
  }

  private struct Cell {
    var foreground: RGBColor
    var background: RGBColor
    /// Samples in the foreground colour.
    var mask: UInt16
  }

  private func parseLine(_ line: String, masks: [Unicode.Scalar: UInt16], full: UInt16) -> [Cell] {
    ScreenCellParser.parse(line: line).map { cell in
      let colors = cell.colors(defaultForeground: defaultForeground, defaultBackground: defaultBackground)
      return Cell(foreground: colors.foreground, background: colors.background, mask: masks[cell.scalar] ?? full)
    }
  }

  private static func hasNothingVisible(_ line: String) -> Bool {
    EscapeStripper.visibleText(of: line).allSatisfy { $0 == "\r" }
  }
}

/// Minimal escape stripping to spot lines with nothing to show, such as the cursor-show sequence chafa ends with
/// (BlockArt does not depend on TerminalUI).
private enum EscapeStripper {
  static func visibleText(of line: String) -> String {
    var result = ""
    var inEscape = false
    for scalar in line.unicodeScalars {
      if scalar == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension BlockArtParser: Sendable {}
