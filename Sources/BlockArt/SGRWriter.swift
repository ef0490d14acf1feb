/// Builds one line of block art as UTF-8 bytes, emitting a colour change only when a cell's colour
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

  /// A half-block cell: `▀`, upper pixel in the foreground, lower in the background.
  mutating func cell(foreground newForeground: UInt32, background newBackground: UInt32) {
    setColors(foreground: newForeground, background: newBackground)
    bytes.append(contentsOf: Self.upperHalfBlock)
  }

  /// A cell in one colour: a space if that is the background already or nothing matches, `█` if it is the
  /// foreground, so a run of solid cells changes no colour.
  mutating func solid(_ ink: UInt32) {
    if ink == foreground && ink != background {
      appendScalar("█")
    } else {
      setColors(foreground: foreground, background: ink)
      bytes.append(UInt8(ascii: " "))
    }
  }

  /// A two-colour cell: `shape` with `newForeground` on its set part, or equally `complement` with the colours
  /// swapped, whichever needs fewer colour changes after the cell before.
  mutating func cell(
    shape: Unicode.Scalar, complement: Unicode.Scalar, foreground newForeground: UInt32,
    background newBackground: UInt32
  ) {
    let changes = (newForeground != foreground ? 1 : 0) + (newBackground != background ? 1 : 0)
    let swappedChanges = (newBackground != foreground ? 1 : 0) + (newForeground != background ? 1 : 0)
    if swappedChanges < changes {
      setColors(foreground: newBackground, background: newForeground)
      appendScalar(complement)
    } else {
      setColors(foreground: newForeground, background: newBackground)
      appendScalar(shape)
    }
  }

  /// Emits one SGR for whichever of the two colours differ from the current ones (nil: leave as is).
  private mutating func setColors(foreground newForeground: UInt32?, background newBackground: UInt32?) {
    let changeForeground = newForeground != nil && newForeground != foreground
    let changeBackground = newBackground != nil && newBackground != background
    guard changeForeground || changeBackground else { return }
    bytes.append(0x1B)
    bytes.append(UInt8(ascii: "["))
    if changeForeground, let newForeground { appendColor(newForeground, isBackground: false) }
    if changeForeground && changeBackground { bytes.append(UInt8(ascii: ";")) }
    if changeBackground, let newBackground { appendColor(newBackground, isBackground: true) }
    bytes.append(UInt8(ascii: "m"))
    if changeForeground { foreground = newForeground }
    if changeBackground { background = newBackground }
  }

  private mutating func appendScalar(_ scalar: Unicode.Scalar) {
    UTF8.encode(scalar) { bytes.append($0) }
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
