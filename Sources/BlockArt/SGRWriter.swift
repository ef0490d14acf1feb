/// Builds one line of half-block art as UTF-8 bytes, emitting a colour change only when a cell's colour
/// differs from the cell before it (within the line: every line starts from the terminal's defaults,
/// so lines can be drawn anywhere on the screen independently).
struct SGRWriter {
  let mode: ColorMode
  private var bytes: [UInt8] = []
  private var foreground: UInt32?
  private var background: UInt32?

  private static let upperHalfBlock: [UInt8] = Array("▀".utf8)
  private static let reset: [UInt8] = Array("\u{1B}[0m".utf8)

  init(mode: ColorMode) {
    self.mode = mode
  }

  mutating func startLine() {
    bytes.removeAll(keepingCapacity: true)
    foreground = nil
    background = nil
  }

  mutating func cell(foreground newForeground: UInt32, background newBackground: UInt32) {
    let changeForeground = newForeground != foreground
    let changeBackground = newBackground != background
    if changeForeground || changeBackground {
      bytes.append(0x1B)
      bytes.append(UInt8(ascii: "["))
      if changeForeground { appendColor(newForeground, isBackground: false) }
      if changeForeground && changeBackground { bytes.append(UInt8(ascii: ";")) }
      if changeBackground { appendColor(newBackground, isBackground: true) }
      bytes.append(UInt8(ascii: "m"))
      foreground = newForeground
      background = newBackground
    }
    bytes.append(contentsOf: Self.upperHalfBlock)
  }

  mutating func finishLine() -> String {
    bytes.append(contentsOf: Self.reset)
    return String(decoding: bytes, as: UTF8.self)
  }

  private mutating func appendColor(_ ink: UInt32, isBackground: Bool) {
    switch mode {
    case .trueColor:
      appendNumber(isBackground ? 48 : 38)
      bytes.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "2"), UInt8(ascii: ";")])
      appendNumber(Int(ink >> 16 & 0xFF))
      bytes.append(UInt8(ascii: ";"))
      appendNumber(Int(ink >> 8 & 0xFF))
      bytes.append(UInt8(ascii: ";"))
      appendNumber(Int(ink & 0xFF))
    case .xterm256:
      appendNumber(isBackground ? 48 : 38)
      bytes.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "5"), UInt8(ascii: ";")])
      appendNumber(Int(ink))
    case .ansi16, .noColor:
      let bright = ink >= 8
      let base = (bright ? 90 : 30) + (isBackground ? 10 : 0)
      appendNumber(base + Int(ink % 8))
    }
  }

  private mutating func appendNumber(_ value: Int) {
    if value >= 100 { bytes.append(UInt8(ascii: "0") + UInt8(value / 100)) }
    if value >= 10 { bytes.append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }
}
