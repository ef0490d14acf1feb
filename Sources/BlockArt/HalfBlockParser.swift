/// Reads ANSI half-block art back into the colours a terminal would show per half cell, so output from any
/// renderer (ours, or `chafa -f symbols --symbols vhalf`) can be scored by the same code.
///
/// Understands SGR colour codes (reset, 16/256/true colour, default colours 39/49, reverse video 7/27),
/// REP (`ESC[n b`), ignores other escape sequences (chafa hides and shows the cursor), and the glyphs `▀`, `▄`, `█` and space.
/// Any other glyph counts as foreground over both halves. Palette indices show as `XtermPalette` colours.
public struct HalfBlockParser {
  public var defaultForeground: RGBColor
  public var defaultBackground: RGBColor

  public init(defaultForeground: RGBColor = .white, defaultBackground: RGBColor = .black) {
    self.defaultForeground = defaultForeground
    self.defaultBackground = defaultBackground
  }

  public func parse(_ output: String) -> HalfBlockImage {
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let last = lines.last, Self.hasNothingVisible(last) { lines.removeLast() }
    return parse(lines: lines)
  }

  public func parse(lines: [String]) -> HalfBlockImage {
    let rows = lines.map(parseLine)
    let width = rows.map { $0.count }.max() ?? 0
    var rgb: [UInt8] = []
    rgb.reserveCapacity(width * rows.count * 6)
    for row in rows {
      for half in 0..<2 {
        for column in 0..<width {
          let color = column < row.count ? (half == 0 ? row[column].upper : row[column].lower) : defaultBackground
          rgb.append(contentsOf: [color.red, color.green, color.blue])
        }
      }
    }
    return HalfBlockImage(width: width, height: rows.count * 2, rgb: rgb)
  }

  private struct Cell {
    var upper: RGBColor
    var lower: RGBColor
  }

  private struct Pen {
    var foreground: RGBColor?
    var background: RGBColor?
    var reversed = false
  }

  private func parseLine(_ line: String) -> [Cell] {
    var cells: [Cell] = []
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
        if final == "m" { apply(parameters, to: &pen) }
        if final == "b", let last = cells.last {
          // REP: repeat the previous character, which compacting encoders may use for long runs.
          cells += Array(repeating: last, count: max(1, Int(parameters) ?? 1))
        }
        continue
      }
      if scalar == "\r" || scalar.value < 0x20 { continue }
      var foreground = pen.foreground ?? defaultForeground
      var background = pen.background ?? defaultBackground
      if pen.reversed { swap(&foreground, &background) }
      switch scalar {
      case "▀": cells.append(Cell(upper: foreground, lower: background))
      case "▄": cells.append(Cell(upper: background, lower: foreground))
      case " ": cells.append(Cell(upper: background, lower: background))
      default: cells.append(Cell(upper: foreground, lower: foreground))
      }
    }
    return cells
  }

  private func apply(_ parameters: String, to pen: inout Pen) {
    let codes = parameters.split(separator: ";", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: ":", omittingEmptySubsequences: false) }
      .map { Int($0) ?? 0 }
    var index = 0
    while index < codes.count {
      let code = codes[index]
      switch code {
      case 0: pen = Pen()
      case 7: pen.reversed = true
      case 27: pen.reversed = false
      case 30...37: pen.foreground = XtermPalette.ansi16[code - 30]
      case 90...97: pen.foreground = XtermPalette.ansi16[code - 90 + 8]
      case 40...47: pen.background = XtermPalette.ansi16[code - 40]
      case 100...107: pen.background = XtermPalette.ansi16[code - 100 + 8]
      case 39: pen.foreground = nil
      case 49: pen.background = nil
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
        if code == 38 { pen.foreground = color } else { pen.background = color }
      default: break
      }
      index += 1
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

extension HalfBlockParser: Sendable {}
