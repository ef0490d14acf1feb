import FoundationEssentials
import ImageCache
import ImageCacheSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paints album covers and the artist placeholder star as RGBA bitmaps.
enum CoverPainter {
  /// The id Last.fm serves its grey placeholder star under, used for every artist image since 2019.
  static let placeholderStarID = "2a96cbd8b46e442fc41c2b86b821562f"

  /// Grain amplitude (± levels, the same on all channels). Flat colour alone compresses to a few hundred bytes;
  /// a fine grain gives covers the byte sizes of real ones (a 174 px cover is about 27 KB, a 300 px one about
  /// 78 KB), so the caches downstream see realistic costs, while the grain vanishes once a cover is averaged into
  /// terminal cells.
  static let grain = 6

  /// The cover design for `coverID` at `size` pixels square. The design depends only on the id, so every size
  /// shows the same picture.
  static func cover(id coverID: String, size: Int) -> ImageBitmap {
    let seed = seed(of: coverID)
    var random = SplitMix64(seed: seed)
    let palette = CoverPalette(random: &random)
    let layout = CoverLayout(random: &random)
    var pixels = [UInt8](repeating: 255, count: size * size * 4)
    let scale = 1 / Double(size)
    for y in 0..<size {
      for x in 0..<size {
        let colour = palette.colours[layout.colourIndex(x: (Double(x) + 0.5) * scale, y: (Double(y) + 0.5) * scale)]
        let delta = grainDelta(SplitMix64.mix(seed ^ UInt64(y << 16 | x)))
        let offset = (y * size + x) * 4
        pixels[offset] = UInt8(clamping: Int(colour.red) + delta)
        pixels[offset + 1] = UInt8(clamping: Int(colour.green) + delta)
        pixels[offset + 2] = UInt8(clamping: Int(colour.blue) + delta)
      }
    }
    return ImageBitmap(width: size, height: size, pixels: pixels)
  }

  /// A mid-grey five-pointed star on a light grey ground, like Last.fm's placeholder.
  static func placeholderStar(size: Int) -> ImageBitmap {
    let points = (0..<10).map { index -> (x: Double, y: Double) in
      let angle = Double(index) * Double.pi / 5 - Double.pi / 2
      let radius = index % 2 == 0 ? 0.42 : 0.17
      return (0.5 + radius * cos(angle), 0.53 + radius * sin(angle))
    }
    var pixels = [UInt8](repeating: 255, count: size * size * 4)
    for y in 0..<size {
      for x in 0..<size {
        let inStar = contains(points, (Double(x) + 0.5) / Double(size), (Double(y) + 0.5) / Double(size))
        let grey: UInt8 = inStar ? 0x9A : 0xE6
        let offset = (y * size + x) * 4
        (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = (grey, grey, grey)
      }
    }
    return ImageBitmap(width: size, height: size, pixels: pixels)
  }

  /// The first 16 hex digits of the id, read as a number (ids are random hex, so this spreads well).
  static func seed(of coverID: String) -> UInt64 {
    UInt64(coverID.prefix(16), radix: 16) ?? SplitMix64.mix(UInt64(coverID.utf8.count))
  }

  /// The same offset for all three channels: a film-like luminance grain, which keeps hues clean.
  private static func grainDelta(_ noise: UInt64) -> Int {
    Int(noise & 0xFF) % (2 * grain + 1) - grain
  }

  /// Even-odd point-in-polygon test.
  private static func contains(_ polygon: [(x: Double, y: Double)], _ x: Double, _ y: Double) -> Bool {
    var inside = false
    var previous = polygon[polygon.count - 1]
    for point in polygon {
      if (point.y > y) != (previous.y > y)
        && x < (previous.x - point.x) * (y - point.y) / (previous.y - point.y) + point.x
      {
        inside.toggle()
      }
      previous = point
    }
    return inside
  }
}
