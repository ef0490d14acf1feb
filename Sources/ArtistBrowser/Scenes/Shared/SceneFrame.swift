import TerminalUI

/// What a scene draws: exactly `height` lines of `width` columns, and the pictures placed over blank cells of
/// them (graphics protocols; block art is in the lines).
struct SceneFrame {
  var lines: [String]
  var pictures: [PicturePlacement]

  init(lines: [String], pictures: [PicturePlacement] = []) {
    self.lines = lines
    self.pictures = pictures
  }
}

extension SceneFrame {
  /// The pictures moved down `rows` and right `columns` (a list drawn below a header, beside a pane).
  func picturesOffset(rows: Int, columns: Int = 0) -> [PicturePlacement] {
    pictures.map { picture in
      var moved = picture
      moved.rect.row += rows
      moved.rect.column += columns
      return moved
    }
  }
}

extension SceneFrame: Sendable {}
