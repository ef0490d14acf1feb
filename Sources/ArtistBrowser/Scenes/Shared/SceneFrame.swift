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

extension SceneFrame {
  /// A screen of `header`, a body and `footer` (`ScreenLayout.compose`), with the pictures the body placed (their
  /// rows counted from the screen's top).
  static func composed(
    header: [String], footer: [String], width: Int, height: Int, body: (_ height: Int) -> SceneFrame
  ) -> SceneFrame {
    var pictures: [PicturePlacement] = []
    let lines = ScreenLayout.compose(
      header: header,
      body: { bodyHeight in
        let frame = body(bodyHeight)
        pictures = frame.pictures
        return frame.lines
      }, footer: footer, width: width, height: height)
    return SceneFrame(lines: lines, pictures: pictures)
  }
}

extension SceneFrame: Sendable {}
