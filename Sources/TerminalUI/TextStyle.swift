/// A colour as the terminal understands it.
public enum TerminalColor: Hashable {
  /// One of the 16 standard colours (0–7 normal, 8–15 bright).
  case ansi(UInt8)
  /// An index into the xterm 256-colour palette.
  case palette(UInt8)
  case rgb(UInt8, UInt8, UInt8)
}

/// How a run of text is drawn. `plain` is the terminal's default look.
public struct TextStyle: Hashable {
  public var foreground: TerminalColor?
  public var background: TerminalColor?
  public var bold: Bool
  public var dim: Bool
  public var underline: Bool
  public var reverse: Bool

  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil,
    bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
  }

  public static let plain = TextStyle()

  /// The SGR sequence that switches to this style from any state (it starts with a reset).
  public var selectGraphicRendition: String {
    var codes = ["0"]
    if bold { codes.append("1") }
    if dim { codes.append("2") }
    if underline { codes.append("4") }
    if reverse { codes.append("7") }
    if let foreground { codes.append(Self.code(for: foreground, background: false)) }
    if let background { codes.append(Self.code(for: background, background: true)) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  private static func code(for color: TerminalColor, background: Bool) -> String {
    switch color {
    case .ansi(let index):
      let base = (index < 8 ? 30 : 90) + (background ? 10 : 0)
      return String(base + Int(index % 8))
    case .palette(let index):
      return (background ? "48;5;" : "38;5;") + String(index)
    case .rgb(let red, let green, let blue):
      return (background ? "48;2;" : "38;2;") + "\(red);\(green);\(blue)"
    }
  }
}

extension TerminalColor: Sendable {}
extension TextStyle: Sendable {}
