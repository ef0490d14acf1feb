import DemoCatalog
import TerminalUI
import ToolOptions

/// The bottom line of the full screen: the catalog in use (always named, also before the first answer arrives:
/// the demo catalog with its reason, Last.fm, or the `--api-base` server), then the top scene's stale marker,
/// loading indicator and last error, with the help key on the right while there is room.
enum StatusBar {
  static let helpHint = "? help · q quit"
  /// Below this much room for an error, the help hint gives way to it.
  static let errorRoomBeforeHint = 40

  static func text(_ status: StatusLine, catalog: CatalogChoice, width: Int) -> String {
    var status = status
    var label = ""
    // Answers labelled Last.fm or demo came from the catalog in use, which names itself; "offline cache" stays.
    if status.source != .offlineCache {
      label = catalog.notice ?? catalog.displayName
      status.source = nil
    }
    let error = status.error
    status.error = nil
    let facts = [label, status.text].filter { !$0.isEmpty }.joined(separator: " · ")
    let factsWidth = TerminalText.displayWidth(facts)
    func line(columns: Int) -> String {
      guard let error else { return facts }
      let room = columns - factsWidth - (facts.isEmpty ? 0 : 3)
      return [facts, ErrorMessage.fitted(error, columns: max(1, room))].filter { !$0.isEmpty }
        .joined(separator: " · ")
    }
    let hintWidth = TerminalText.displayWidth(helpHint)
    let roomBesideHint = width - hintWidth - 2
    let errorRoom = roomBesideHint - factsWidth - 3
    let errorFits = error.map { errorRoom >= min(TerminalText.displayWidth($0), Self.errorRoomBeforeHint) } ?? true
    guard width > hintWidth + 2, factsWidth <= roomBesideHint, errorFits else {
      return TerminalText.fit(line(columns: width), toColumns: width)
    }
    return TerminalText.fit(line(columns: roomBesideHint), toColumns: width - hintWidth) + helpHint
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
