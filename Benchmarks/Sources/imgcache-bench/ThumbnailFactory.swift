import Foundation
import ImageCache
import ImageCacheSupport
import ImageEncoding

/// Thumbnails that look like photos to a PNG compressor: smooth gradients plus grain, about 70 KB at 174 px.
enum ThumbnailFactory {
  static func bitmap(index: Int, side: Int = 174, grain: Int = 64) -> ImageBitmap {
    var random = SplitMix64(seed: UInt64(index) &* 7919 &+ 1)
    var pixels = [UInt8](repeating: 255, count: side * side * 4)
    let hue = Double(index % 360)
    for y in 0..<side {
      for x in 0..<side {
        let base = (y * side + x) * 4
        let noise = Int(random.next() % UInt64(grain)) - grain / 2
        pixels[base] = clamp(Int(hue * 0.7) + x / 2 + noise)
        pixels[base + 1] = clamp(60 + y + noise)
        pixels[base + 2] = clamp(200 - (x + y) / 3 + noise)
      }
    }
    return ImageBitmap(width: side, height: side, pixels: pixels)
  }

  static func png(index: Int, side: Int = 174) throws -> [UInt8] {
    try PNGEncoder.encode(bitmap(index: index, side: side))
  }

  private static func clamp(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }
}
