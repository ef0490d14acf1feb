import BlockArt
import ImageCache

/// Opaque RGBA pixels to draw on: filled rectangles and text blended by coverage.
public struct RGBACanvas {
  public let width: Int
  public let height: Int
  public var pixels: [UInt8]

  public init(width: Int, height: Int, fill: RGBColor = RGBColor(0, 0, 0)) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 255, count: width * height * 4)
    fillRect(x: 0, y: 0, width: width, height: height, color: fill)
  }

  public init(_ bitmap: ImageBitmap) {
    width = bitmap.width
    height = bitmap.height
    pixels = bitmap.pixels
  }

  public var bitmap: ImageBitmap { ImageBitmap(width: width, height: height, pixels: pixels) }

  public func color(x: Int, y: Int) -> RGBColor {
    let offset = (y * width + x) * 4
    return RGBColor(pixels[offset], pixels[offset + 1], pixels[offset + 2])
  }

  public mutating func fillRect(x: Int, y: Int, width: Int, height: Int, color: RGBColor) {
    let left = max(0, x)
    let right = min(self.width, x + width)
    let top = max(0, y)
    let bottom = min(self.height, y + height)
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      var offset = (row * self.width + left) * 4
      for _ in left..<right {
        pixels[offset] = color.red
        pixels[offset + 1] = color.green
        pixels[offset + 2] = color.blue
        pixels[offset + 3] = 255
        offset += 4
      }
    }
  }

  /// Blends `color` over the pixel at `alpha` / 255.
  public mutating func blend(x: Int, y: Int, color: RGBColor, alpha: UInt8) {
    guard x >= 0, y >= 0, x < width, y < height else { return }
    let offset = (y * width + x) * 4
    let a = Int(alpha)
    func mix(_ old: UInt8, _ new: UInt8) -> UInt8 { UInt8((Int(new) * a + Int(old) * (255 - a) + 127) / 255) }
    pixels[offset] = mix(pixels[offset], color.red)
    pixels[offset + 1] = mix(pixels[offset + 1], color.green)
    pixels[offset + 2] = mix(pixels[offset + 2], color.blue)
    pixels[offset + 3] = 255
  }
}
