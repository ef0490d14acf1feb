import FoundationEssentials
import TerminalGraphics
import TerminalUI

/// A picture as large as its column allows, with the facts that fit under it: the preview pane beside a list
/// from `minimumWidth` columns up, and the cover or artist picture of a detail page.
struct PicturePane {
  /// Below this width a list keeps the whole screen, and a detail page puts its picture above its text.
  static let minimumWidth = 100
  /// Columns between the text and the pane.
  static let gap = 2
  /// Rows kept under a preview picture: a blank line, the name, the figures, the tags. Fixed, so the picture
  /// keeps its size when the tags arrive.
  static let factLines = 4

  var picture: LargePictureLoader.State
  /// Names what the box shows, so the renderer re-sends a placed picture only when it changes.
  var contentKey: String
  var facts: [String]

  /// The columns a list keeps beside the pane on a `width`-column screen.
  static func listColumns(width: Int) -> Int { min(64, max(46, width * 2 / 5)) }

  /// The largest box for a square picture (covers and artist pictures are square) within `columns × rows` cells,
  /// leaving `factLines` rows under it, on cells `cellAspect` times taller than wide (the painter's).
  static func pictureBox(columns: Int, rows: Int, factLines: Int = 0, cellAspect: Double) -> (columns: Int, rows: Int) {
    let pictureRows = max(0, min(rows - factLines, Int((Double(columns) / cellAspect).rounded(.down))))
    return (min(columns, Int((Double(pictureRows) * cellAspect).rounded())), pictureRows)
  }

  /// Exactly `height` lines of `width` columns: the picture's box, a blank line and the facts (cut to fit), and
  /// the placement of a protocol picture over the box's blank cells, whose top-left cell is at `origin`.
  func render(box: (columns: Int, rows: Int), width: Int, height: Int, origin: (row: Int, column: Int), id: UInt32)
    -> (lines: [String], picture: PicturePlacement?)
  {
    var lines: [String] = []
    var placement: PicturePlacement?
    let blank = String(repeating: " ", count: box.columns)
    switch picture {
    case .painted(.text(let art)):
      lines = (0..<box.rows).map { art.indices.contains($0) ? art[$0] + "\u{1B}[0m" : blank }
    case .painted(.placed(let drawing)):
      lines = Array(repeating: blank, count: box.rows)
      placement = PicturePlacement(
        id: id, rect: CellRect(row: origin.row, column: origin.column, columns: box.columns, rows: box.rows),
        contentKey: contentKey, drawing: drawing)
    case .loading, .failed, .empty:
      let label = if case .loading = picture { "loading picture…" } else { "no picture" }
      lines = (0..<box.rows).map { $0 == box.rows / 2 ? Self.centred(label, columns: box.columns) : blank }
    }
    if !facts.isEmpty, box.rows > 0 { lines.append("") }
    lines += facts
    let fitted = lines.prefix(height).map { TerminalText.fit($0, toColumns: width) }
    let padding = Array(repeating: String(repeating: " ", count: max(0, width)), count: max(0, height - fitted.count))
    return (fitted + padding, placement)
  }

  static func centred(_ text: String, columns: Int) -> String {
    let cut = TerminalText.truncate(text, toColumns: columns)
    return String(repeating: " ", count: max(0, (columns - TerminalText.displayWidth(cut)) / 2)) + cut
  }

  /// `left` in `leftColumns` columns, then the gap, then `right`, line by line for `height` lines. Colours of a
  /// left line end at the gap.
  static func beside(_ left: [String], leftColumns: Int, _ right: [String], height: Int) -> [String] {
    (0..<max(0, height)).map { index in
      let leftLine = left.indices.contains(index) ? left[index] : ""
      let rightLine = right.indices.contains(index) ? right[index] : ""
      return TerminalText.fit(leftLine, toColumns: leftColumns) + "\u{1B}[0m" + String(repeating: " ", count: gap)
        + rightLine
    }
  }

  static func contentKey(url: URL?, box: (columns: Int, rows: Int)) -> String {
    "\(url?.absoluteString ?? "-") \(box.columns)x\(box.rows)"
  }
}

extension PicturePane {
  /// A list in a body of `width × height` cells starting at screen row `bodyRow`: alone below `minimumWidth`, with
  /// the selected row's picture (`url`) and `facts` in a pane beside it from there up. `list(columns)` draws the
  /// list in the columns it gets.
  @MainActor
  static func list(
    width: Int, height: Int, bodyRow: Int, picture: LargePictureLoader?, url: URL?, facts: [String],
    list: (_ columns: Int) -> SceneFrame
  ) -> SceneFrame {
    guard width >= minimumWidth, let picture else {
      let listed = list(width)
      return SceneFrame(lines: listed.lines, pictures: listed.picturesOffset(rows: bodyRow))
    }
    let listColumns = listColumns(width: width)
    let listed = list(listColumns)
    let paneColumns = width - listColumns - gap
    let box = pictureBox(
      columns: paneColumns, rows: height, factLines: factLines, cellAspect: picture.painter.cellAspect)
    let pane = PicturePane(
      picture: picture.picture(for: url, columns: box.columns, rows: box.rows),
      contentKey: contentKey(url: url, box: box), facts: facts
    ).render(box: box, width: paneColumns, height: height, origin: (bodyRow, listColumns + gap), id: picture.pictureID)
    return SceneFrame(
      lines: beside(listed.lines, leftColumns: listColumns, pane.lines, height: height),
      pictures: listed.picturesOffset(rows: bodyRow) + (pane.picture.map { [$0] } ?? []))
  }
}
