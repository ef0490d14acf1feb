/// How many colours the output may use, and so which escape sequences it contains.
public enum ColorMode: String, CaseIterable {
  /// 24-bit colour: `ESC[38;2;r;g;bm` / `ESC[48;2;r;g;bm`.
  case trueColor = "truecolor"
  /// The xterm 256-colour palette (6×6×6 cube and 24 greys): `ESC[38;5;nm` / `ESC[48;5;nm`.
  case xterm256 = "256"
  /// The 16 standard ANSI colours: `ESC[3xm`/`ESC[9xm` and `ESC[4xm`/`ESC[10xm`.
  case ansi16 = "16"
  /// No escape sequences at all: a luminance ramp of ASCII characters.
  case noColor = "none"

  /// Picks the richest mode the environment promises.
  /// Rules in order: `forced` wins; a non-empty `NO_COLOR` means none; output that is not a terminal gets none;
  /// `COLORTERM` of `truecolor`/`24bit` means true colour; a `TERM` ending in `256color` means 256;
  /// `TERM=dumb` means none; anything else gets 16 colours.
  public static func detect(environment: [String: String], isTerminal: Bool, forced: ColorMode? = nil) -> ColorMode {
    if let forced { return forced }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .noColor }
    guard isTerminal else { return .noColor }
    let colorTerm = environment["COLORTERM", default: ""].lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
    let term = environment["TERM", default: ""].lowercased()
    if term.hasSuffix("256color") { return .xterm256 }
    if term == "dumb" { return .noColor }
    return .ansi16
  }
}

/// An 8-bit sRGB colour.
public struct RGBColor: Hashable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  public static let black = RGBColor(0, 0, 0)
  public static let white = RGBColor(255, 255, 255)
}

extension ColorMode: Sendable {}
extension RGBColor: Sendable {}

extension ColorMode {
  /// What a colour is written as in this mode (packed RGB, or a palette index) and the colour a terminal shows
  /// for it. Without colour the 16-colour palette stands in (that mode draws no colours at all).
  @inline(__always)
  func ink(red: Int, green: Int, blue: Int) -> (ink: UInt32, shown: RGBColor) {
    switch self {
    case .trueColor:
      return (UInt32(red << 16 | green << 8 | blue), RGBColor(UInt8(red), UInt8(green), UInt8(blue)))
    case .xterm256:
      let index = XtermPalette.nearest256(red, green, blue)
      return (UInt32(index), XtermPalette.color(ofIndex: index))
    case .ansi16, .noColor:
      let index = XtermPalette.nearest16(red, green, blue)
      return (UInt32(index), XtermPalette.ansi16[Int(index)])
    }
  }
}
