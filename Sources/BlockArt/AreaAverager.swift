import Glibc
import ImageCache

/// The colour space the box filter averages in.
public enum FilterSpace: String, CaseIterable {
  /// Average the 8-bit sRGB values directly (what most image tools do; cheaper).
  case sRGB
  /// Convert to linear light first, average, convert back (physically right: a black/white checkerboard
  /// averages to the grey it looks like from afar, 188, not 128).
  case linear
}

/// Area-averaged resampling (a box filter with fractional coverage): every output pixel is the coverage-weighted
/// mean of the source pixels under its footprint. Alpha is averaged premultiplied and the result is composited onto
/// `background`, which is the same as compositing first and averaging after, without a second buffer.
struct AreaAverager {
  let space: FilterSpace
  let background: RGBColor

  /// Resamples `bitmap` to `width × height` opaque pixels; returns RGB bytes (3 per pixel).
  func resample(_ bitmap: ImageBitmap, width: Int, height: Int) -> [UInt8] {
    guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else { return [] }
    let columns = Coverage(source: bitmap.width, target: width)
    let rows = Coverage(source: bitmap.height, target: height)
    let toWorking = Self.decodeTable(space)

    // Horizontal pass: every source row, narrowed to `width` premultiplied RGBA floats.
    var narrowed = [Float](repeating: 0, count: width * bitmap.height * 4)
    bitmap.pixels.withUnsafeBufferPointer { source in
      narrowed.withUnsafeMutableBufferPointer { target in
        toWorking.withUnsafeBufferPointer { decode in
          columns.withSpans { firstSource, spanStart, weights in
            for y in 0..<bitmap.height {
              let sourceRow = y * bitmap.width * 4
              let targetRow = y * width * 4
              for x in 0..<width {
                var red: Float = 0
                var green: Float = 0
                var blue: Float = 0
                var alpha: Float = 0
                var p = sourceRow + firstSource[x] * 4
                for w in spanStart[x]..<spanStart[x + 1] {
                  let a = Float(source[p + 3]) * (1 / 255) * weights[w]
                  red += decode[Int(source[p])] * a
                  green += decode[Int(source[p + 1])] * a
                  blue += decode[Int(source[p + 2])] * a
                  alpha += a
                  p += 4
                }
                let t = targetRow + x * 4
                target[t] = red
                target[t + 1] = green
                target[t + 2] = blue
                target[t + 3] = alpha
              }
            }
          }
        }
      }
    }

    // Vertical pass, then composite onto the background and encode back to 8-bit sRGB.
    let backdrop = [background.red, background.green, background.blue].map { toWorking[Int($0)] }
    var output = [UInt8](repeating: 0, count: width * height * 3)
    narrowed.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        rows.withSpans { firstSource, spanStart, weights in
          for y in 0..<height {
            for x in 0..<width {
              var red: Float = 0
              var green: Float = 0
              var blue: Float = 0
              var alpha: Float = 0
              var p = (firstSource[y] * width + x) * 4
              for w in spanStart[y]..<spanStart[y + 1] {
                let weight = weights[w]
                red += source[p] * weight
                green += source[p + 1] * weight
                blue += source[p + 2] * weight
                alpha += source[p + 3] * weight
                p += width * 4
              }
              let uncovered = max(0, 1 - alpha)
              let t = (y * width + x) * 3
              target[t] = encode(red + uncovered * backdrop[0])
              target[t + 1] = encode(green + uncovered * backdrop[1])
              target[t + 2] = encode(blue + uncovered * backdrop[2])
            }
          }
        }
      }
    }
    return output
  }

  @inline(__always)
  private func encode(_ value: Float) -> UInt8 {
    let clamped = min(1, max(0, value))
    let srgb = space == .linear ? Self.linearToSRGB(clamped) : clamped
    return UInt8((srgb * 255).rounded())
  }

  /// 8-bit sRGB to working-space values in 0...1.
  private static func decodeTable(_ space: FilterSpace) -> [Float] {
    (0..<256).map { code in
      let value = Float(code) / 255
      guard space == .linear else { return value }
      return value <= 0.04045 ? value / 12.92 : powf((value + 0.055) / 1.055, 2.4)
    }
  }

  private static func linearToSRGB(_ value: Float) -> Float {
    value <= 0.0031308 ? value * 12.92 : 1.055 * powf(value, 1 / 2.4) - 0.055
  }
}

/// For each target index along one axis: which source indices it covers and with what weight (summing to 1).
/// Stored flat so the inner loops touch no per-pixel allocations.
struct Coverage {
  private var firstSource: [Int] = []
  private var weightStart: [Int] = []
  private var weights: [Float] = []

  init(source: Int, target: Int) {
    let step = Double(source) / Double(target)  // source pixels per target pixel
    for index in 0..<target {
      let start = Double(index) * step
      let end = Double(index + 1) * step
      let first = Int(start)
      let last = min(source - 1, Int((end - 1e-9).rounded(.down)))
      firstSource.append(first)
      weightStart.append(weights.count)
      for sourceIndex in first...max(first, last) {
        let covered = min(end, Double(sourceIndex + 1)) - max(start, Double(sourceIndex))
        weights.append(Float(covered / step))
      }
    }
    weightStart.append(weights.count)
  }

  /// Hands the tables to `body` as unsafe buffers: target `i` covers source indices from `firstSource[i]` on,
  /// with weights `weights[spanStart[i]..<spanStart[i + 1]]`.
  func withSpans<Result>(
    _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> Result
  ) -> Result {
    firstSource.withUnsafeBufferPointer { firstSource in
      weightStart.withUnsafeBufferPointer { spanStart in
        weights.withUnsafeBufferPointer { weights in body(firstSource, spanStart, weights) }
      }
    }
  }
}

extension FilterSpace: Sendable {}
