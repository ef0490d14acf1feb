import FoundationEssentials
import TerminalUI

/// Draws a selectable list into a box of `height` lines, with an optional thumbnail beside each row.
/// Rendering is also where the list learns which rows are on screen, so it asks for exactly their thumbnails.
@MainActor
enum ListRenderer {
  static let selectedMarker = "> "
  static let unselectedMarker = "  "

  static func lines(
    texts: [String], imageURLs: [URL?], viewport: inout ListViewport, width: Int, height: Int,
    thumbnails: ThumbnailSlots?, marksSelection: Bool = true
  ) -> [String] {
    frame(
      texts: texts, imageURLs: imageURLs, viewport: &viewport, width: width, height: height, thumbnails: thumbnails,
      marksSelection: marksSelection
    ).lines
  }

  /// The lines, and the thumbnails a graphics protocol draws over their blank slots, placed relative to the
  /// list's top-left cell (`SceneFrame.offset` moves them to where the list is on screen).
  static func frame(
    texts: [String], imageURLs: [URL?], viewport: inout ListViewport, width: Int, height: Int,
    thumbnails: ThumbnailSlots?, marksSelection: Bool = true
  ) -> SceneFrame {
    let rowHeight = max(1, thumbnails?.size.rows ?? 1)
    viewport.visibleRows = max(1, height / rowHeight)
    let visible = viewport.visibleRange
    if let thumbnails {
      thumbnails.request(visible.compactMap { imageURLs.indices.contains($0) ? imageURLs[$0] : nil })
    }
    var lines: [String] = []
    var pictures: [PicturePlacement] = []
    for index in visible where lines.count + rowHeight <= max(height, rowHeight) {
      let marker = marksSelection && index == viewport.selection ? selectedMarker : unselectedMarker
      let text = texts.indices.contains(index) ? texts[index] : ""
      guard let thumbnails else {
        lines.append(TerminalText.fit(marker + text, toColumns: width))
        continue
      }
      let url = imageURLs.indices.contains(index) ? imageURLs[index] : nil
      let column = TerminalText.displayWidth(unselectedMarker)
      if let picture = thumbnails.placement(for: url, row: lines.count, column: column) { pictures.append(picture) }
      // The label sits level with the middle of the thumbnail, where the eye expects it.
      let labelLine = rowHeight / 2
      for (line, cells) in thumbnails.lines(for: url).enumerated() {
        let prefix = line == labelLine ? marker : unselectedMarker
        let label = line == labelLine ? " " + text : ""
        lines.append(TerminalText.fit(prefix + cells + label, toColumns: width))
      }
    }
    return SceneFrame(lines: lines, pictures: pictures.filter { $0.rect.column + $0.rect.columns <= width })
  }
}

/// Stacks a scene's parts into exactly `height` lines of exactly `width` columns; the body gives way first.
enum ScreenLayout {
  static func compose(header: [String], body: (Int) -> [String], footer: [String], width: Int, height: Int)
    -> [String]
  {
    guard width > 0, height > 0 else { return [] }
    let top = Array(header.prefix(height))
    let bottom = Array(footer.prefix(max(0, height - top.count)))
    let bodyHeight = max(0, height - top.count - bottom.count)
    let middle = bodyHeight > 0 ? Array(body(bodyHeight).prefix(bodyHeight)) : []
    let padding = Array(repeating: "", count: max(0, bodyHeight - middle.count))
    return (top + middle + padding + bottom).map { TerminalText.fit($0, toColumns: width) }
  }
}
