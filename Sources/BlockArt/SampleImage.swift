/// Colours per sample of a symbol set's grid (`SymbolSet.samplesPerCell`: 1×2 per cell for half blocks, 2×2 for
/// quadrants, 2×6 for sextants), RGB bytes row by row. What a terminal shows for block art, each cell drawn with
/// its glyph's shape in its two colours, and what the fidelity measure compares.
public struct SampleImage: Hashable {
  public let width: Int
  public let height: Int
  /// `width * height * 3` bytes.
  public let rgb: [UInt8]

  public init(width: Int, height: Int, rgb: [UInt8]) {
    precondition(width >= 0 && height >= 0 && rgb.count == width * height * 3, "RGB buffer size mismatch")
    self.width = width
    self.height = height
    self.rgb = rgb
  }

  public subscript(x: Int, y: Int) -> RGBColor {
    let offset = (y * width + x) * 3
    return RGBColor(rgb[offset], rgb[offset + 1], rgb[offset + 2])
  }
}

/// The text-cell grid an image is drawn on.
public struct BlockArtGrid: Hashable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// Pixel rows: each text row holds two (upper and lower half block).
  public var pixelRows: Int { rows * 2 }

  /// The largest grid inside `columns × rows` that keeps the image's aspect ratio, taking a cell as one pixel
  /// wide and two tall (terminal cells are about twice as tall as wide). Never smaller than 1×1 for a non-empty
  /// image; images smaller than the box are scaled up to fill it.
  public static func fitting(imageWidth: Int, imageHeight: Int, columns: Int, rows: Int) -> BlockArtGrid {
    guard imageWidth > 0, imageHeight > 0, columns > 0, rows > 0 else { return BlockArtGrid(columns: 0, rows: 0) }
    let scale = min(Double(columns) / Double(imageWidth), Double(rows * 2) / Double(imageHeight))
    let fittedColumns = Int((Double(imageWidth) * scale).rounded())
    let fittedRows = Int((Double(imageHeight) * scale / 2).rounded())
    return BlockArtGrid(columns: min(columns, max(1, fittedColumns)), rows: min(rows, max(1, fittedRows)))
  }
}

extension SampleImage: Sendable {}
extension BlockArtGrid: Sendable {}
