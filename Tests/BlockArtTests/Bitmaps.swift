import Foundation
import ImageCache

/// Small hand-made bitmaps for exact-output tests.
enum Bitmaps {
  typealias RGBA = (UInt8, UInt8, UInt8, UInt8)

  static func make(width: Int, height: Int, _ pixels: [RGBA]) -> ImageBitmap {
    ImageBitmap(width: width, height: height, pixels: pixels.flatMap { [$0.0, $0.1, $0.2, $0.3] })
  }

  static func opaque(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> RGBA { (red, green, blue, 255) }

  static func grey(_ level: UInt8) -> RGBA { (level, level, level, 255) }

  static func solid(width: Int, height: Int, _ pixel: RGBA) -> ImageBitmap {
    make(width: width, height: height, Array(repeating: pixel, count: width * height))
  }

  /// Deterministic, photo-like content: smooth colour fields, a soft-edged disc, fine stripes and a
  /// transparent corner, so downscaling, quantisation and alpha all matter.
  static func synthetic(width: Int, height: Int) -> ImageBitmap {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let u = Double(x) / Double(width)
        let v = Double(y) / Double(height)
        var red = 0.5 + 0.5 * sin(6.0 * u + 1.0)
        var green = 0.5 + 0.5 * sin(4.0 * v + 2.0 * u)
        var blue = 0.5 + 0.5 * cos(5.0 * (u - v))
        let distance = ((u - 0.6) * (u - 0.6) + (v - 0.4) * (v - 0.4)).squareRoot()
        let disc = max(0, min(1, (0.25 - distance) * 40))
        red = red * (1 - disc) + 0.95 * disc
        green = green * (1 - disc) + 0.85 * disc
        blue = blue * (1 - disc) + 0.2 * disc
        if v > 0.75 && (x / 2) % 2 == 0 {  // fine vertical stripes along the bottom
          red *= 0.2
          green *= 0.2
          blue *= 0.2
        }
        let alpha = u < 0.15 && v < 0.15 ? 0.0 : 1.0
        pixels += [red, green, blue, alpha].map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
      }
    }
    return ImageBitmap(width: width, height: height, pixels: pixels)
  }
}
