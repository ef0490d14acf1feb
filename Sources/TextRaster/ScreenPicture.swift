import BlockArt
import ImageCache

/// A picture of a terminal screen, as a terminal with a monospace font would show it: text in DejaVu Sans Mono
/// (bold where the screen asks), the block shapes (halves, quadrants, sextants) drawn as exact rectangles so
/// block-art pictures keep their pixels, underlines, reverse video, and the wide characters over two cells.
/// Used for the README's pictures from `tmux capture-pane -e`.
public struct ScreenPicture {
  public var cellWidth = 12
  public var cellHeight = 24
  public var defaultForeground = RGBColor(220, 220, 220)
  public var defaultBackground = RGBColor(18, 18, 18)
  private let regular: FontFace
  private let bold: FontFace

  public init(regularFont: String = FontFiles.monospace, boldFont: String = FontFiles.monospaceBold) throws {
    // 20 px em: DejaVu Sans Mono's advance is 0.602 em, 12 px, one cell.
    regular = try FontFace(path: regularFont, pixelHeight: 20, fallbacks: FontFiles.fallbacks)
    bold = try FontFace(path: boldFont, pixelHeight: 20, fallbacks: FontFiles.fallbacks)
  }

  /// `lines` of captured output; `columnWidth` gives each scalar's width in cells (1, 2, or 0 for a combining mark).
  public func render(lines: [String], columnWidth: (Unicode.Scalar) -> Int) -> ImageBitmap {
    let rows = lines.map(ScreenCellParser.parse(line:))
    let columns = rows.map { $0.reduce(0) { $0 + max(0, columnWidth($1.scalar)) } }.max() ?? 0
    var canvas = RGBACanvas(width: columns * cellWidth, height: rows.count * cellHeight, fill: defaultBackground)
    let baseline = (cellHeight + regular.ascender - regular.descender) / 2
    for (rowIndex, row) in rows.enumerated() {
      var column = 0
      for cell in row {
        let span = columnWidth(cell.scalar)
        guard span > 0 else { continue }
        let (foreground, background) = cell.colors(
          defaultForeground: defaultForeground, defaultBackground: defaultBackground)
        let x = column * cellWidth
        let y = rowIndex * cellHeight
        let width = span * cellWidth
        canvas.fillRect(x: x, y: y, width: width, height: cellHeight, color: background)
        if let mask = BlockGlyphShapes.sextantMask(of: cell.scalar) {
          drawShape(mask, into: &canvas, x: x, y: y, color: foreground)
        } else if cell.scalar != " " {
          let face = cell.isBold ? bold : regular
          face.draw(
            String(Character(cell.scalar)), into: &canvas, x: x, baseline: y + baseline, color: foreground,
            clip: (x, y, width, cellHeight))
        }
        if cell.isUnderlined {
          canvas.fillRect(x: x, y: y + cellHeight - 3, width: width, height: 1, color: foreground)
        }
        column += span
      }
    }
    return canvas.bitmap
  }

  /// The samples of a 2 × 6 grid set in `mask`, each a sixth of the cell's height and half its width.
  private func drawShape(_ mask: UInt16, into canvas: inout RGBACanvas, x: Int, y: Int, color: RGBColor) {
    for sample in 0..<12 where mask & (1 << sample) != 0 {
      let (row, column) = (sample / 2, sample % 2)
      let left = x + column * cellWidth / 2
      let right = x + (column + 1) * cellWidth / 2
      let top = y + row * cellHeight / 6
      let bottom = y + (row + 1) * cellHeight / 6
      canvas.fillRect(x: left, y: top, width: right - left, height: bottom - top, color: color)
    }
  }
}
