import ImageCache
import TestSupport

/// The PngSuite files in `Tests/Fixtures/pngsuite`, split the way its naming convention splits them.
enum PngSuite {
  static let allNames: [String] =
    ((try? Fixtures.files(in: "pngsuite", withExtension: "png")) ?? []).map {
      $0.deletingPathExtension().lastPathComponent
    }

  /// Files starting with "x" are deliberately corrupt.
  static let validNames = allNames.filter { !$0.hasPrefix("x") }
  static let corruptNames = allNames.filter { $0.hasPrefix("x") }

  /// Interlaced images ("xxxi…") whose non-interlaced twin ("xxxn…") is also in the suite.
  static let interlacedNamesWithTwin = validNames.filter { name in
    let twin = nonInterlacedTwin(of: name)
    return twin != name && validNames.contains(twin)
  }

  static func nonInterlacedTwin(of name: String) -> String {
    var chars = Array(name)
    guard chars.count == 8, chars[3] == "i" else { return name }
    chars[3] = "n"
    return String(chars)
  }

  static func bytes(_ name: String) throws -> [UInt8] { try Fixtures.bytes("pngsuite/\(name).png") }

  /// Sizes as the suite documents them: "sNN…" is NN×NN; the pHYs tests are 8×32 (cdfn, "flat pixels"),
  /// 32×8 (cdhn, "high pixels") and 8×8 (cdsn, "square pixels"); every other test image is 32×32.
  /// PngSuite.png is the suite's logo, not a test image; `file(1)` reports it as 256 x 256.
  static func statedSize(of name: String) -> (width: Int, height: Int) {
    switch name {
    case "PngSuite": return (256, 256)
    case "cdfn2c08": return (8, 32)
    case "cdhn2c08": return (32, 8)
    case "cdsn2c08": return (8, 8)
    default: break
    }
    let chars = Array(name)
    if chars.count >= 3, chars[0] == "s", let side = Int(String(chars[1...2])) { return (side, side) }
    return (32, 32)
  }
}

extension ImageBitmap {
  /// The RGBA bytes of the pixel at column x, row y.
  func rgba(x: Int, y: Int) -> [UInt8] {
    let start = (y * width + x) * 4
    return Array(pixels[start..<start + 4])
  }
}
