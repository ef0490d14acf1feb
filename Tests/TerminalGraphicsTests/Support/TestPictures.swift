import Foundation
import ImageCache

/// Smooth, photo-like pictures: scaling them well or badly shows in PSNR (noise would average to grey).
enum TestPictures {
  static func smooth(width: Int, height: Int) -> ImageBitmap {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let u = Double(x) / Double(width)
        let v = Double(y) / Double(height)
        let red = 0.5 + 0.5 * sin(6 * u + 1)
        let green = 0.5 + 0.5 * sin(4 * v + 2 * u)
        let distance = ((u - 0.6) * (u - 0.6) + (v - 0.4) * (v - 0.4)).squareRoot()
        let blue = distance < 0.25 ? 0.9 : 0.5 + 0.5 * cos(5 * (u - v))
        pixels += [red, green, blue].map { UInt8(($0 * 255).rounded()) } + [255]
      }
    }
    return ImageBitmap(width: width, height: height, pixels: pixels)
  }

  /// The same colours with every pixel opaque.
  static func opaque(_ bitmap: ImageBitmap) -> ImageBitmap {
    var pixels = bitmap.pixels
    for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
    return ImageBitmap(width: bitmap.width, height: bitmap.height, pixels: pixels)
  }

  /// The mean of each `factor × factor` block: an independent reference for shrinking by a whole factor.
  static func boxShrunk(_ bitmap: ImageBitmap, by factor: Int) -> ImageBitmap {
    let width = bitmap.width / factor
    let height = bitmap.height / factor
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        var sums = [0, 0, 0, 0]
        for dy in 0..<factor {
          for dx in 0..<factor {
            let offset = ((y * factor + dy) * bitmap.width + x * factor + dx) * 4
            for channel in 0..<4 { sums[channel] += Int(bitmap.pixels[offset + channel]) }
          }
        }
        let count = Double(factor * factor)
        pixels += sums.map { UInt8((Double($0) / count).rounded()) }
      }
    }
    return ImageBitmap(width: width, height: height, pixels: pixels)
  }
}
