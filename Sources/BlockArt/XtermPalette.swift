/// The xterm palettes and nearest-colour lookup.
///
/// Distance is the "redmean" weighted Euclidean distance: cheap, and far closer to perceived difference than
/// plain RGB distance (green differences count most, the red/blue weights follow how reddish the pair is).
enum XtermPalette {
  /// Typical xterm values for the 16 standard colours (terminals let users change these; xterm's are the
  /// most common defaults).
  static let ansi16: [RGBColor] = [
    RGBColor(0, 0, 0), RGBColor(205, 0, 0), RGBColor(0, 205, 0), RGBColor(205, 205, 0),
    RGBColor(0, 0, 238), RGBColor(205, 0, 205), RGBColor(0, 205, 205), RGBColor(229, 229, 229),
    RGBColor(127, 127, 127), RGBColor(255, 0, 0), RGBColor(0, 255, 0), RGBColor(255, 255, 0),
    RGBColor(92, 92, 255), RGBColor(255, 0, 255), RGBColor(0, 255, 255), RGBColor(255, 255, 255),
  ]

  static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

  /// The colour a terminal shows for a 256-palette index.
  static func color(ofIndex index: UInt8) -> RGBColor {
    switch index {
    case 0..<16:
      return ansi16[Int(index)]
    case 16..<232:
      let cube = Int(index) - 16
      return RGBColor(cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
    default:
      let grey = UInt8(8 + 10 * (Int(index) - 232))
      return RGBColor(grey, grey, grey)
    }
  }

  @inline(__always)
  static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int) -> Int {
    let redMean = (r1 + r2) / 2
    let dr = r1 - r2
    let dg = g1 - g2
    let db = b1 - b2
    return ((512 + redMean) * dr * dr) / 256 + 4 * dg * dg + ((767 - redMean) * db * db) / 256
  }

  /// Nearest entry of the 6×6×6 cube or the grey ramp, whichever is closer (indices 16–255; the 16 system
  /// colours are left out because terminals disagree on their values).
  @inline(__always)
  static func nearest256(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
    let ri = cubeStep(r)
    let gi = cubeStep(g)
    let bi = cubeStep(b)
    let cubeDistance = distance(
      r, g, b, Int(cubeLevels[ri]), Int(cubeLevels[gi]), Int(cubeLevels[bi]))
    let greyStep = min(23, max(0, ((r + g + b) / 3 - 8 + 5) / 10))
    let grey = 8 + 10 * greyStep
    let greyDistance = distance(r, g, b, grey, grey, grey)
    return greyDistance < cubeDistance ? UInt8(232 + greyStep) : UInt8(16 + 36 * ri + 6 * gi + bi)
  }

  /// The nearest cube level for one channel (levels are 0, 95, then every 40).
  @inline(__always)
  static func cubeStep(_ value: Int) -> Int {
    if value < 48 { return 0 }
    if value < 115 { return 1 }
    return min(5, (value - 35) / 40)  // level k (k ≥ 2) is 55 + 40k; the midpoints fall at 75 + 40k
  }

  @inline(__always)
  static func nearest16(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
    var best = 0
    var bestDistance = Int.max
    for index in 0..<16 {
      let candidate = ansi16[index]
      let d = distance(r, g, b, Int(candidate.red), Int(candidate.green), Int(candidate.blue))
      if d < bestDistance {
        best = index
        bestDistance = d
      }
    }
    return UInt8(best)
  }
}
