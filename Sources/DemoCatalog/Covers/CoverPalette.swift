import ImageCache
import ImageCacheSupport

/// Two or three strongly contrasting colours: a background and one or two foregrounds.
struct CoverPalette {
  typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)

  let colours: [RGB]

  init(random: inout SplitMix64) {
    let hue = random.unit() * 360
    let accentHue = hue + 150 + random.unit() * 60
    let thirdHue = hue + 60 + random.unit() * 60
    if random.chance(0.5) {
      // Dark ground, bright shapes.
      colours = [
        Self.rgb(hue: hue, saturation: 0.5 + 0.3 * random.unit(), lightness: 0.12 + 0.1 * random.unit()),
        Self.rgb(hue: accentHue, saturation: 0.85, lightness: 0.55 + 0.1 * random.unit()),
        Self.rgb(hue: thirdHue, saturation: 0.5, lightness: 0.85),
      ]
    } else {
      // Light ground, dark and vivid shapes.
      colours = [
        Self.rgb(hue: hue, saturation: 0.4 + 0.3 * random.unit(), lightness: 0.85 + 0.07 * random.unit()),
        Self.rgb(hue: accentHue, saturation: 0.75, lightness: 0.25 + 0.12 * random.unit()),
        Self.rgb(hue: thirdHue, saturation: 0.9, lightness: 0.5),
      ]
    }
  }

  /// Standard HSL to RGB; `hue` in degrees (any value, wrapped), the others in 0…1.
  static func rgb(hue: Double, saturation: Double, lightness: Double) -> RGB {
    let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
    let chroma = (1 - abs(2 * lightness - 1)) * saturation
    let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
    let (r, g, b): (Double, Double, Double) =
      switch Int(h) {
      case 0: (chroma, x, 0)
      case 1: (x, chroma, 0)
      case 2: (0, chroma, x)
      case 3: (0, x, chroma)
      case 4: (x, 0, chroma)
      default: (chroma, 0, x)
      }
    let m = lightness - chroma / 2
    func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + m) * 255).rounded()))) }
    return (byte(r), byte(g), byte(b))
  }
}
