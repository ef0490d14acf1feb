import Glibc
import ImageCache

/// Scores half-block art against its source, the same way for our output and for chafa's.
///
/// Both sides are compared on the half-cell grid: the reference is the source area-averaged to that grid
/// (the best any half-block renderer could show), the rendered side is the colours the terminal displays
/// after quantisation. PSNR is over the three 8-bit channels.
public enum BlockArtFidelity {
  /// Peak signal-to-noise ratio in dB; `.infinity` when identical. The images must have the same size.
  public static func psnr(_ rendered: HalfBlockImage, reference: HalfBlockImage) -> Double {
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

  /// The source area-averaged to `columns × pixelRows` half cells and blended onto `background`.
  public static func reference(
    for bitmap: ImageBitmap, columns: Int, pixelRows: Int, background: RGBColor = .black,
    space: FilterSpace = .sRGB
  ) -> HalfBlockImage {
    let pixels = AreaAverager(space: space, background: background)
      .resample(bitmap, width: columns, height: pixelRows)
    return HalfBlockImage(width: pixels.isEmpty ? 0 : columns, height: pixels.isEmpty ? 0 : pixelRows, rgb: pixels)
  }
}
