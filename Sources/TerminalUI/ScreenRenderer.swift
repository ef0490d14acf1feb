/// Draws `ScreenBuffer` frames, writing only the rows that differ from the previous frame, in one write per
/// frame. A resize (a buffer of another size) or `invalidate()` repaints everything.
public final class ScreenRenderer {
  private let output: any TerminalOutput
  private var previous: ScreenBuffer?

  public init(output: any TerminalOutput) {
    self.output = output
  }

  /// Forgets the last frame so the next `render` repaints every row (after the screen was disturbed).
  public func invalidate() {
    previous = nil
  }

  /// Returns the number of rows written.
  @discardableResult
  public func render(_ frame: ScreenBuffer) -> Int {
    var bytes = ""
    let fullRepaint = previous?.size != frame.size
    if fullRepaint { bytes += "\u{1B}[0m\u{1B}[2J" }
    var rowsWritten = 0
    for row in 0..<frame.lines.count {
      let line = frame.lines[row]
      if !fullRepaint, let previous, previous.lines[row] == line { continue }
      bytes += "\u{1B}[\(row + 1);1H"
      bytes += Self.draw(line, columns: frame.size.columns)
      rowsWritten += 1
    }
    previous = frame
    if !bytes.isEmpty { output.write(bytes) }
    return rowsWritten
  }

  /// The bytes for one row: each segment in its style, clipped to the screen width, then reset and
  /// clear-to-end-of-line so leftovers of a longer previous row disappear.
  static func draw(_ line: ScreenLine, columns: Int) -> String {
    var drawn = ""
    var remaining = columns
    for segment in line.segments where remaining > 0 {
      switch segment {
      case .text(let text, let style):
        var clean = TerminalText.sanitize(text)
        let width = TerminalText.displayWidth(clean)
        if width > remaining { clean = TerminalText.truncate(clean, toColumns: remaining) }
        drawn += style == .plain ? "\u{1B}[0m" : style.selectGraphicRendition
        drawn += clean
        remaining -= min(width, remaining)
      case .preformatted(let escaped, let width):
        guard width <= remaining else { continue }  // cannot be clipped safely; skipped rather than wrapped
        drawn += escaped
        remaining -= width
      }
    }
    return drawn + "\u{1B}[0m\u{1B}[K"
  }
}
