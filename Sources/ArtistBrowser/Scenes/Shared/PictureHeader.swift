import FoundationEssentials
import TerminalGraphics
import TerminalUI

/// A page header with a small picture at its right end (the listener's profile picture): from
/// `PicturePane.minimumWidth` columns up, when the terminal draws pictures. The picture takes the header's own rows,
/// so the page under it keeps its place.
@MainActor
enum PictureHeader {
  /// What stands in the box while the picture loads, and when there is none (no picture on Last.fm, only its
  /// placeholder star, or one that could not be drawn).
  static let loadingLabel = "…"
  static let noPictureLabel = "no photo"

  static func frame(_ text: [String], picture: LargePictureLoader?, url: URL?, width: Int) -> SceneFrame {
    guard width >= PicturePane.minimumWidth, let picture, !text.isEmpty else { return SceneFrame(lines: text) }
    let box = PicturePane.pictureBox(
      columns: width / 4, rows: text.count, cellAspect: picture.painter.cellAspect)
    guard box.rows > 0, box.columns > 0 else { return SceneFrame(lines: text) }
    let textColumns = width - box.columns - PicturePane.gap
    let state = picture.picture(for: url, columns: box.columns, rows: box.rows)
    let pane: (lines: [String], picture: PicturePlacement?)
    switch state {
    case .painted:
      pane = PicturePane(picture: state, contentKey: PicturePane.contentKey(url: url, box: box), facts: []).render(
        box: box, width: box.columns, height: text.count, origin: (0, textColumns + PicturePane.gap),
        id: picture.pictureID)
    case .loading, .failed, .empty:
      let label = if case .loading = state { loadingLabel } else { noPictureLabel }
      pane = (
        (0..<text.count).map { $0 == (box.rows - 1) / 2 ? PicturePane.centred(label, columns: box.columns) : "" },
        nil
      )
    }
    return SceneFrame(
      lines: PicturePane.beside(text, leftColumns: textColumns, pane.lines, height: text.count),
      pictures: pane.picture.map { [$0] } ?? [])
  }
}
