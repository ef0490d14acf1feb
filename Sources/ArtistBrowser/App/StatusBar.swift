import DemoCatalog
import TerminalUI
import ToolOptions

/// The bottom line of the full screen: the catalog (always named, also before the first answer arrives), then
/// the top scene's stale marker, loading indicator and last error, with the help key on the right.
enum StatusBar {
  static let helpHint = "? help · q quit"

  static func text(_ status: StatusLine, catalog: CatalogChoice, width: Int) -> String {
    var status = status
    var label = ""
    if status.source == nil || status.source == .demoCatalog {
      label = catalog.notice ?? (status.source == nil ? DataSource.lastFM.displayName : "")
      if catalog.notice != nil { status.source = nil }
    }
    let left = [label, status.text].filter { !$0.isEmpty }.joined(separator: " · ")
    let hintWidth = TerminalText.displayWidth(helpHint)
    guard width > hintWidth + 2, TerminalText.displayWidth(left) + hintWidth + 2 <= width else {
      return TerminalText.fit(left, toColumns: width)
    }
    return TerminalText.fit(left, toColumns: width - hintWidth) + helpHint
  }

  static let style = TextStyle(reverse: true)
}

/// One frame of the full screen from the navigation stack's lines and pictures and the status text.
enum FrameBuilder {
  static func frame(body: [String], pictures: [PicturePlacement] = [], status: String, size: TerminalSize)
    -> ScreenBuffer
  {
    var buffer = ScreenBuffer(size: size)
    guard size.rows > 0 else { return buffer }
    for picture in pictures where picture.rect.row + picture.rect.rows < size.rows { buffer.place(picture) }
    for (row, line) in body.prefix(size.rows - 1).enumerated() {
      let edges = buffer.pictureColumns(row: row).flatMap { [$0.lowerBound, $0.upperBound] }
      buffer[row] = StyledLine.screenLine(line, columns: size.columns, splitAt: edges)
    }
    buffer[size.rows - 1] = ScreenLine(status, style: StatusBar.style)
    return buffer
  }
}
