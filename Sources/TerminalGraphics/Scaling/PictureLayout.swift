/// Where a picture goes inside a box of cells: the box in pixels, and the largest rectangle of the picture's
/// aspect ratio that fits in it, centred.
struct PictureLayout: Equatable {
  /// The whole box in pixels.
  let boxWidth: Int
  let boxHeight: Int
  /// The picture's rectangle inside the box.
  let x: Int
  let y: Int
  let width: Int
  let height: Int

  init(pictureWidth: Int, pictureHeight: Int, columns: Int, rows: Int, cell: CellPixelSize) {
    boxWidth = max(0, columns) * max(1, cell.width)
    boxHeight = max(0, rows) * max(1, cell.height)
    guard pictureWidth > 0, pictureHeight > 0, boxWidth > 0, boxHeight > 0 else {
      (x, y, width, height) = (0, 0, 0, 0)
      return
    }
    // Compare the two ratios exactly (cross-multiplied) so a picture of the box's own shape fills it exactly.
    if pictureWidth * boxHeight >= pictureHeight * boxWidth {
      width = boxWidth
      height = max(1, Int((Double(pictureHeight) * Double(boxWidth) / Double(pictureWidth)).rounded()))
    } else {
      height = boxHeight
      width = max(1, Int((Double(pictureWidth) * Double(boxHeight) / Double(pictureHeight)).rounded()))
    }
    x = (boxWidth - width) / 2
    y = (boxHeight - height) / 2
  }
}
