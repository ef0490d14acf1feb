import ImageCache
import ImageCacheSupport

/// Bold flat geometry, described in unit coordinates (0…1, y down) so every size draws the same design.
/// A few large shapes read well even when a cover is shrunk to a handful of terminal cells.
enum CoverLayout {
  case disc(centreX: Double, centreY: Double, radius: Double, bandY: Double)
  case rings(centreX: Double, centreY: Double, count: Int)
  case diagonalSplit(rising: Bool, offset: Double, dotRadius: Double)
  case stripes(count: Int, direction: StripeDirection, dotRadius: Double)
  case sunset(horizon: Double, radius: Double, bands: Int)
  case blocks(columns: Int, colours: [Int])
  case triangle(apexX: Double, dotRadius: Double)
  case cross(thickness: Double, centreX: Double, centreY: Double)

  enum StripeDirection: CaseIterable {
    case horizontal, vertical, diagonal
  }

  init(random: inout SplitMix64) {
    switch random.int(in: 0...7) {
    case 0:
      self = .disc(
        centreX: 0.3 + 0.4 * random.unit(), centreY: 0.3 + 0.4 * random.unit(), radius: 0.22 + 0.15 * random.unit(),
        bandY: 0.6 + 0.3 * random.unit())
    case 1:
      self = .rings(
        centreX: 0.2 + 0.6 * random.unit(), centreY: 0.2 + 0.6 * random.unit(), count: random.int(in: 3...5))
    case 2:
      self = .diagonalSplit(
        rising: random.chance(0.5), offset: 0.8 + 0.4 * random.unit(), dotRadius: 0.12 + 0.1 * random.unit())
    case 3:
      self = .stripes(
        count: random.int(in: 3...7), direction: random.pick(StripeDirection.allCases),
        dotRadius: random.chance(0.5) ? 0.15 + 0.12 * random.unit() : 0)
    case 4:
      self = .sunset(
        horizon: 0.5 + 0.2 * random.unit(), radius: 0.2 + 0.15 * random.unit(), bands: random.int(in: 2...4))
    case 5:
      let columns = random.int(in: 2...3)
      var colours = (0..<(columns * columns)).map { _ in random.int(in: 0...2) }
      // Never a single flat colour: force the first two cells apart.
      if Set(colours).count == 1 { colours[0] = (colours[0] + 1) % 3 }
      self = .blocks(columns: columns, colours: colours)
    case 6: self = .triangle(apexX: 0.25 + 0.5 * random.unit(), dotRadius: 0.1 + 0.08 * random.unit())
    default:
      self = .cross(
        thickness: 0.12 + 0.1 * random.unit(), centreX: 0.3 + 0.4 * random.unit(), centreY: 0.3 + 0.4 * random.unit())
    }
  }

  /// Which palette colour (0 = background) covers the point (`x`, `y`).
  func colourIndex(x: Double, y: Double) -> Int {
    switch self {
    case .disc(let cx, let cy, let radius, let bandY):
      if Self.inside(x, y, cx, cy, radius) { return 1 }
      return abs(y - bandY) < 0.05 ? 2 : 0
    case .rings(let cx, let cy, let count):
      let distance = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
      let ring = Int(distance * Double(count) * 1.6)
      return ring == 0 ? 2 : (ring % 2 == 0 ? 0 : 1)
    case .diagonalSplit(let rising, let offset, let dotRadius):
      if Self.inside(x, y, 0.5, 0.5, dotRadius) { return 2 }
      return ((rising ? x + y : x + (1 - y)) < offset) ? 0 : 1
    case .stripes(let count, let direction, let dotRadius):
      if dotRadius > 0 && Self.inside(x, y, 0.5, 0.5, dotRadius) { return 2 }
      let position =
        switch direction {
        case .horizontal: y
        case .vertical: x
        case .diagonal: (x + y) / 2
        }
      return Int(position * Double(count)) % 2
    case .sunset(let horizon, let radius, let bands):
      if y < horizon { return Self.inside(x, y, 0.5, horizon, radius) ? 1 : 0 }
      return Int((y - horizon) / (1 - horizon) * Double(bands * 2)) % 2 == 0 ? 2 : 0
    case .blocks(let columns, let colours):
      let column = min(columns - 1, Int(x * Double(columns)))
      let row = min(columns - 1, Int(y * Double(columns)))
      return colours[row * columns + column]
    case .triangle(let apexX, let dotRadius):
      if Self.inside(x, y, apexX, 0.7, dotRadius) { return 2 }
      // Apex at (apexX, 0.1), base along y = 0.9 from 0.1 to 0.9.
      guard y >= 0.1 && y <= 0.9 else { return 0 }
      let t = (y - 0.1) / 0.8
      let left = apexX + (0.1 - apexX) * t
      let right = apexX + (0.9 - apexX) * t
      return x >= left && x <= right ? 1 : 0
    case .cross(let thickness, let cx, let cy):
      if Self.inside(x, y, cx, cy, thickness * 0.9) { return 2 }
      return abs(x - cx) < thickness / 2 || abs(y - cy) < thickness / 2 ? 1 : 0
    }
  }

  private static func inside(_ x: Double, _ y: Double, _ cx: Double, _ cy: Double, _ radius: Double) -> Bool {
    (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius
  }
}
