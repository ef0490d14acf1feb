/// Draws `ScreenBuffer` frames, writing only the rows that differ from the previous frame, in one write per
/// frame. A resize (a buffer of another size) or `invalidate()` repaints everything.
///
/// Pictures: one is sent when it is new, changed or moved; one that leaves is erased (its drawing's erase bytes,
/// then the rows it covered are repainted, which is what removes a sixel or iTerm2 picture). Text never writes
/// into a picture's cells, so a row beside a picture can change without touching it.
public final class ScreenRenderer {
  private let output: any TerminalOutput
  private var previous: ScreenBuffer?
  /// What is on the screen now; kept apart from `previous` so `invalidate()` still knows what to erase.
  private var placed: [PicturePlacement] = []

  public init(output: any TerminalOutput) {
    self.output = output
  }

  /// Forgets the last frame so the next `render` repaints every row and picture (after the screen was disturbed).
  public func invalidate() {
    previous = nil
  }

  /// Erases every picture on the screen now (before quitting) and forgets the last frame.
  public func removePictures() {
    let bytes = placed.flatMap(\.drawing.erase)
    placed = []
    previous = nil
    if !bytes.isEmpty { output.write(bytes) }
  }

  /// Returns the number of rows written.
  @discardableResult
  public func render(_ frame: ScreenBuffer) -> Int {
    var bytes: [UInt8] = []
    let fullRepaint = previous?.size != frame.size
    let staying = fullRepaint ? [] : placed.filter(frame.pictures.contains)
    var uncovered = Set<Int>()
    for picture in placed where !staying.contains(picture) {
      bytes += picture.drawing.erase
      uncovered.formUnion(picture.rect.rowRange)
    }
    if fullRepaint { bytes += Array("\u{1B}[0m\u{1B}[2J".utf8) }
    var rowsWritten = 0
    for row in 0..<frame.lines.count {
      let line = frame.lines[row]
      let covered = frame.pictureColumns(row: row)
      if !fullRepaint, !uncovered.contains(row), let previous, previous.lines[row] == line,
        previous.pictureColumns(row: row) == covered
      {
        continue
      }
      bytes += Array("\u{1B}[\(row + 1);1H".utf8)
      bytes += Array(Self.draw(line, columns: frame.size.columns, skipping: covered).utf8)
      rowsWritten += 1
    }
    for picture in frame.pictures where !staying.contains(picture) {
      bytes += Array("\u{1B}[\(picture.rect.row + 1);\(picture.rect.column + 1)H".utf8)
      bytes += picture.drawing.bytes
    }
    previous = frame
    placed = frame.pictures
    if !bytes.isEmpty { output.write(bytes) }
    return rowsWritten
  }

  /// The bytes for one row: each segment in its style, clipped to the screen width, then reset and
  /// clear-to-end-of-line so leftovers of a longer previous row disappear. Columns in `skipping` (under
  /// pictures) are stepped over; the gaps between are filled with spaces.
  static func draw(_ line: ScreenLine, columns: Int, skipping covered: [Range<Int>] = []) -> String {
    var row = RowWriter(columns: columns, covered: covered)
    for segment in line.segments where row.column < columns {
      switch segment {
      case .text(let text, let style):
        var clean = TerminalText.sanitize(text)
        if TerminalText.displayWidth(clean) > columns - row.column {
          clean = TerminalText.truncate(clean, toColumns: columns - row.column)
        }
        row.write(text: clean, style: style)
      case .preformatted(let escaped, let width):
        guard width <= columns - row.column else { continue }  // cannot be clipped safely; skipped rather than wrapped
        row.write(preformatted: escaped, width: width)
      }
    }
    return row.finish()
  }
}

/// Writes one row left to right, stepping the cursor over covered columns (`ESC [ n G`) and never writing there.
private struct RowWriter {
  let columns: Int
  let covered: [Range<Int>]
  /// The next column the content would use.
  private(set) var column = 0
  /// Where the terminal's cursor is, when that differs from `column` after skipping.
  private var cursor = 0
  private var drawn = ""

  init(columns: Int, covered: [Range<Int>]) {
    self.columns = columns
    self.covered = covered
  }

  private func isCovered(_ range: Range<Int>) -> Bool {
    covered.contains { $0.overlaps(range) }
  }

  private mutating func moveCursor() {
    if cursor != column { drawn += "\u{1B}[\(column + 1)G" }
    cursor = column
  }

  mutating func write(text: String, style: TextStyle) {
    let selection = style == .plain ? "\u{1B}[0m" : style.selectGraphicRendition
    guard !covered.isEmpty else {
      drawn += selection + text
      column += TerminalText.displayWidth(text)
      cursor = column
      return
    }
    var selected = false
    for character in text {
      let width = TerminalText.displayWidth(String(character))
      defer { column += width }
      guard !isCovered(column..<(column + width)) else { continue }
      moveCursor()
      if !selected { drawn += selection }
      selected = true
      drawn.append(character)
      cursor += width
    }
  }

  mutating func write(preformatted escaped: String, width: Int) {
    defer { column += width }
    guard !isCovered(column..<(column + width)) else { return }
    moveCursor()
    drawn += escaped
    cursor += width
  }

  /// Clears what the row does not fill: to the end of the line past the last picture, with spaces before one.
  mutating func finish() -> String {
    drawn += "\u{1B}[0m"
    let lastCovered = covered.map(\.upperBound).max() ?? 0
    while column < lastCovered {
      if isCovered(column..<(column + 1)) {
        column += 1
        continue
      }
      moveCursor()
      drawn += " "
      column += 1
      cursor += 1
    }
    column = max(column, lastCovered)
    // Past the last picture (or on a row without one), clear the rest; a picture reaching the edge is left be.
    if lastCovered < columns, column < columns || cursor == column {
      moveCursor()
      drawn += "\u{1B}[K"
    }
    return drawn
  }
}
