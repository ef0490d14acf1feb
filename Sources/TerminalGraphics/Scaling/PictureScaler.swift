import BlockArt
import ImageCache

/// Resizes pictures for the graphics protocols: area averaging when shrinking (every source pixel counts, so thin
/// lines and noise average out instead of aliasing), bilinear when enlarging. Transparent source pixels are
/// composited onto `background`; the result is opaque.
public struct PictureScaler {
  public var background: RGBColor

  public init(background: RGBColor = .black) {
    self.background = background
  }

  /// `bitmap` resized to exactly `width × height` (the caller keeps the aspect ratio).
  public func scale(_ bitmap: ImageBitmap, width: Int, height: Int) -> ImageBitmap {
    guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else {
      return ImageBitmap(width: 0, height: 0, pixels: [])
    }
    let rgb =
      width <= bitmap.width && height <= bitmap.height
      ? AreaAveraging.rgb(bitmap, width: width, height: height, background: background)
      : bilinear(bitmap, width: width, height: height)
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    for index in 0..<(width * height) {
      rgba[index * 4] = rgb[index * 3]
      rgba[index * 4 + 1] = rgb[index * 3 + 1]
      rgba[index * 4 + 2] = rgb[index * 3 + 2]
    }
    return ImageBitmap(width: width, height: height, pixels: rgba)
  }

  /// Bilinear interpolation between pixel centres, on colours already composited onto the background.
  private func bilinear(_ bitmap: ImageBitmap, width: Int, height: Int) -> [UInt8] {
    let composited = opaqueRGB(bitmap)
    let xTaps = Self.taps(source: bitmap.width, target: width)
    let yTaps = Self.taps(source: bitmap.height, target: height)
    var output = [UInt8](repeating: 0, count: width * height * 3)
    let stride = bitmap.width * 3
    for y in 0..<height {
      let (top, bottom, v) = yTaps[y]
      for x in 0..<width {
        let (left, right, u) = xTaps[x]
        for channel in 0..<3 {
          let a = composited[top * stride + left * 3 + channel]
          let b = composited[top * stride + right * 3 + channel]
          let c = composited[bottom * stride + left * 3 + channel]
          let d = composited[bottom * stride + right * 3 + channel]
          let upper = a + (b - a) * u
          let lower = c + (d - c) * u
          let value = upper + (lower - upper) * v
          output[(y * width + x) * 3 + channel] = UInt8(min(255, max(0, value.rounded())))
        }
      }
    }
    return output
  }

  /// The source as RGB floats composited onto the background.
  private func opaqueRGB(_ bitmap: ImageBitmap) -> [Float] {
    let backdrop = [Float(background.red), Float(background.green), Float(background.blue)]
    var result = [Float](repeating: 0, count: bitmap.width * bitmap.height * 3)
    for index in 0..<(bitmap.width * bitmap.height) {
      let alpha = Float(bitmap.pixels[index * 4 + 3]) / 255
      for channel in 0..<3 {
        let value = Float(bitmap.pixels[index * 4 + channel])
        result[index * 3 + channel] = value * alpha + backdrop[channel] * (1 - alpha)
      }
    }
    return result
  }

  /// For each target index: the two source indices around its centre and the weight of the second.
  private static func taps(source: Int, target: Int) -> [(Int, Int, Float)] {
    let step = Double(source) / Double(target)
    return (0..<target).map { index in
      let centre = max(0, (Double(index) + 0.5) * step - 0.5)
      let first = min(source - 1, Int(centre))
      let second = min(source - 1, first + 1)
      return (first, second, Float(centre - Double(first)))
    }
  }
}

extension PictureScaler: Sendable {}
