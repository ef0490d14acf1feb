import FoundationEssentials
import TerminalGraphics
import TerminalUI

/// A detail page laid out around its picture (an album's cover, an artist's picture): the picture as large as
/// the screen allows, beside the page's text from `besideFrom` columns up (`PicturePane.minimumWidth` unless the
/// page says), above it below that.
@MainActor
enum PicturePage {
  /// What the text keeps beside the picture on a wide screen.
  static let minimumTextColumns = 50

  /// `text(width, height)` gives the page's text (and its thumbnails) for the room left; `minimumTextRows` is what
  /// it keeps under the picture on a narrow screen.
  static func frame(
    picture: LargePictureLoader, url: URL?, width: Int, height: Int, minimumTextRows: Int,
    besideFrom: Int = PicturePane.minimumWidth, text: (_ width: Int, _ height: Int) -> SceneFrame
  ) -> SceneFrame {
    guard width > 0, height > 0 else { return SceneFrame(lines: []) }
    if width >= max(besideFrom, minimumTextColumns + PicturePane.gap + 1) {
      let box = PicturePane.pictureBox(
        columns: width - minimumTextColumns - PicturePane.gap, rows: height, cellAspect: picture.painter.cellAspect)
      let textColumns = width - box.columns - PicturePane.gap
      let pane = pane(picture, url: url, box: box).render(
        box: box, width: box.columns, height: height, origin: (0, textColumns + PicturePane.gap), id: picture.pictureID)
      let beside = text(textColumns, height)
      let lines = PicturePane.beside(beside.lines, leftColumns: textColumns, pane.lines, height: height)
      return SceneFrame(lines: lines, pictures: beside.pictures + (pane.picture.map { [$0] } ?? []))
    }
    let box = PicturePane.pictureBox(
      columns: width, rows: height - minimumTextRows - 1, cellAspect: picture.painter.cellAspect)
    guard box.rows > 0 else { return text(width, height) }
    let pane = pane(picture, url: url, box: box).render(
      box: box, width: width, height: box.rows, origin: (0, 0), id: picture.pictureID)
    let below = text(width, height - box.rows - 1)
    return SceneFrame(
      lines: pane.lines + [TerminalText.fit("", toColumns: width)] + below.lines,
      pictures: (pane.picture.map { [$0] } ?? []) + below.picturesOffset(rows: box.rows + 1))
  }

  private static func pane(_ picture: LargePictureLoader, url: URL?, box: (columns: Int, rows: Int)) -> PicturePane {
    PicturePane(
      picture: picture.picture(for: url, columns: box.columns, rows: box.rows),
      contentKey: PicturePane.contentKey(url: url, box: box), facts: [])
  }
}
