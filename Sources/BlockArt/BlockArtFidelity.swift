import Glibc
import ImageCache

/// Scores block art against its source, the same way for our output and for chafa's.
///
/// Both sides are compared at the glyphs' own resolution, the symbol set's sample grid (`SymbolSet.samplesPerCell`):
/// the rendered side is each cell drawn with its glyph's shape in its two colours as the terminal displays them
/// (`BlockArt.shown`, or `BlockArtParser` on anyone's output), the reference is the source area-averaged to that
/// grid (what a renderer with a glyph per sample could show). PSNR is over the three 8-bit channels.
public enum BlockArtFidelity {
  /// Peak signal-to-noise ratio in dB; `.infinity` when identical. The images must have the same size.
  public static func psnr(_ rendered: SampleImage, reference: SampleImage) -> Double {
    precondition(
      rendered.width == reference.width && rendered.height == reference.height,
      "PSNR needs equal sizes: \(rendered.width)×\(rendered.height) vs \(reference.width)×\(reference.height)")
    guard !rendered.rgb.isEmpty else { return .infinity }
    var squaredError = 0.0
    rendered.rgb.withUnsafeBufferPointer { a in
      reference.rgb.withUnsafeBufferPointer { b in
        for index in 0..<a.count {
          let difference = Double(Int(a[index]) - Int(b[index]))
          squaredError += difference * difference
        }
      }
    }
    let meanSquaredError = squaredError / Double(rendered.rgb.count)
    guard meanSquaredError > 0 else { return .infinity }
    return 10 * log10(255 * 255 / meanSquaredError)
  }

  /// The source area-averaged to the sample grid of `grid` for `symbols`, blended onto `background`.
  public static func reference(
    for bitmap: ImageBitmap, grid: BlockArtGrid, symbols: SymbolSet, background: RGBColor = .black,
    space: FilterSpace = .sRGB
  ) -> SampleImage {
    let samples = symbols.samplesPerCell
    return reference(
      for: bitmap, columns: grid.columns * samples.columns, pixelRows: grid.rows * samples.rows,
      background: background, space: space)
  }

  /// The source area-averaged to `columns × pixelRows` samples and blended onto `background`.
  public static func reference(
    for bitmap: ImageBitmap, columns: Int, pixelRows: Int, background: RGBColor = .black,
    space: FilterSpace = .sRGB
  ) -> SampleImage {
    let pixels = AreaAverager(space: space, background: background)
      .resample(bitmap, width: columns, height: pixelRows)
    return SampleImage(width: pixels.isEmpty ? 0 : columns, height: pixels.isEmpty ? 0 : pixelRows, rgb: pixels)
  }
}
