import ImageCache

/// A rendered picture: the terminal lines, the grid they fill, and the colours they show per sample.
public struct BlockArt: Hashable {
  /// One string per text row; in colour modes each ends with `ESC[0m`.
  public let lines: [String]
  public let grid: BlockArtGrid
  /// What the terminal displays on the symbol set's sample grid, after quantisation to the colour mode.
  public let shown: SampleImage
}

/// Draws bitmaps as block art from an area-averaged downscale of the image, alpha blended onto `background`.
///
/// With half blocks each text cell is `▀`, the foreground set to the upper pixel and the background to the lower
/// one. With quadrants or sextants each cell is sampled on the set's finer grid and drawn with the glyph and two
/// colours that fit its samples best (`SymbolFitter`). Without colour every set draws the same ASCII shades.
public struct BlockArtRenderer {
  public var colorMode: ColorMode
  public var symbols: SymbolSet
  /// What transparent pixels are blended onto (the terminal's background, ideally).
  public var background: RGBColor
  public var filterSpace: FilterSpace

  /// Dark to light; chosen for a dark terminal, where denser glyphs look brighter.
  static let luminanceRamp: [UInt8] = Array(" .:-=+*#%@".utf8)

  public init(
    colorMode: ColorMode, symbols: SymbolSet = .half, background: RGBColor = .black, filterSpace: FilterSpace = .sRGB
  ) {
    self.colorMode = colorMode
    self.symbols = symbols
    self.background = background
    self.filterSpace = filterSpace
  }

  /// The lines for `bitmap` fitted inside `columns × rows` text cells (aspect ratio kept).
  public func render(_ bitmap: ImageBitmap, columns: Int, rows: Int) -> [String] {
    art(for: bitmap, columns: columns, rows: rows).lines
  }

  public func art(for bitmap: ImageBitmap, columns: Int, rows: Int) -> BlockArt {
    let grid = BlockArtGrid.fitting(
      imageWidth: bitmap.width, imageHeight: bitmap.height, columns: columns, rows: rows)
    let averager = AreaAverager(space: filterSpace, background: background)
    guard symbols != .half, colorMode != .noColor else {
      return draw(averager.resample(bitmap, width: grid.columns, height: grid.pixelRows), grid: grid)
    }
    let (columnsPerCell, rowsPerCell) = symbols.samplesPerCell
    let samples = averager.resample(bitmap, width: grid.columns * columnsPerCell, height: grid.rows * rowsPerCell)
    return drawSymbols(samples, grid: grid)
  }

  /// Draws already-resampled RGB pixels (`grid.columns × grid.pixelRows`).
  func draw(_ pixels: [UInt8], grid: BlockArtGrid) -> BlockArt {
    guard grid.columns > 0, grid.rows > 0 else {
      return BlockArt(lines: [], grid: grid, shown: SampleImage(width: 0, height: 0, rgb: []))
    }
    if colorMode == .noColor { return drawRamp(pixels, grid: grid) }
    var inks = [UInt32](repeating: 0, count: grid.columns * grid.pixelRows)
    var shown = [UInt8](repeating: 0, count: pixels.count)
    quantise(pixels, inks: &inks, shown: &shown)

    var writer = SGRWriter(mode: colorMode)
    var lines: [String] = []
    lines.reserveCapacity(grid.rows)
    inks.withUnsafeBufferPointer { inks in
      for row in 0..<grid.rows {
        writer.startLine()
        let upper = row * 2 * grid.columns
        let lower = upper + grid.columns
        for column in 0..<grid.columns {
          writer.cell(foreground: inks[upper + column], background: inks[lower + column])
        }
        lines.append(writer.finishLine())
      }
    }
    return BlockArt(
      lines: lines, grid: grid, shown: SampleImage(width: grid.columns, height: grid.pixelRows, rgb: shown))
  }

  /// Maps each pixel to the mode's ink (packed RGB, or a palette index) and the colour it shows as.
  private func quantise(_ pixels: [UInt8], inks: inout [UInt32], shown: inout [UInt8]) {
    let mode = colorMode
    pixels.withUnsafeBufferPointer { source in
      inks.withUnsafeMutableBufferPointer { inks in
        shown.withUnsafeMutableBufferPointer { shown in
          for index in 0..<inks.count {
            let (ink, color) = mode.ink(
              red: Int(source[index * 3]), green: Int(source[index * 3 + 1]), blue: Int(source[index * 3 + 2]))
            inks[index] = ink
            shown[index * 3] = color.red
            shown[index * 3 + 1] = color.green
            shown[index * 3 + 2] = color.blue
          }
        }
      }
    }
  }

  /// Without colour, vertical resolution buys little: each cell becomes one ramp character for the mean
  /// luminance of its two pixels, which keeps tones (a ` ▀` bitmap would keep only a threshold).
  private func drawRamp(_ pixels: [UInt8], grid: BlockArtGrid) -> BlockArt {
    let ramp = Self.luminanceRamp
    let steps = ramp.count - 1
    var shown = [UInt8](repeating: 0, count: pixels.count)
    var lines: [String] = []
    for row in 0..<grid.rows {
      var line: [UInt8] = []
      line.reserveCapacity(grid.columns)
      for column in 0..<grid.columns {
        let upper = (row * 2 * grid.columns + column) * 3
        let lower = upper + grid.columns * 3
        let luma = (Self.luma(pixels, upper) + Self.luma(pixels, lower) + 1) / 2
        let step = (luma * steps + 127) / 255
        line.append(ramp[step])
        let grey = UInt8((step * 255 + steps / 2) / steps)
        for offset in 0..<3 {
          shown[upper + offset] = grey
          shown[lower + offset] = grey
        }
      }
      lines.append(String(decoding: line, as: UTF8.self))
    }
    return BlockArt(
      lines: lines, grid: grid, shown: SampleImage(width: grid.columns, height: grid.pixelRows, rgb: shown))
  }

  /// Rec. 709 luma weights in 1/256ths.
  @inline(__always)
  private static func luma(_ pixels: [UInt8], _ offset: Int) -> Int {
    (54 * Int(pixels[offset]) + 183 * Int(pixels[offset + 1]) + 19 * Int(pixels[offset + 2]) + 128) >> 8
  }
}

extension BlockArt: Sendable {}
extension BlockArtRenderer: Sendable {}
