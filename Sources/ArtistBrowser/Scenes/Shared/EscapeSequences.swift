/// Removes whole ANSI escape sequences (CSI `ESC [ … final`, OSC `ESC ] … BEL/ST`, two-byte `ESC x`), so
/// `"\u{1B}[2J"` disappears entirely rather than leaving a visible "[2J" once the ESC is filtered.
/// Belt and braces in front of `TerminalText.sanitize`, which strips whatever control bytes remain.
enum EscapeSequences {
  static func strip(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" || scalar == "\u{9B}" else {
        output.append(scalar)
        continue
      }
      let introducer: Unicode.Scalar? = scalar == "\u{9B}" ? "[" : scalars.next()
      switch introducer {
      case "[":  // CSI: parameters and intermediates up to a final byte 0x40...0x7E.
        while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
      case "]", "P", "X", "^", "_":  // OSC/DCS/…: up to BEL or ESC \.
        while let next = scalars.next() {
          if next == "\u{07}" { break }
          if next == "\u{1B}" {
            _ = scalars.next()
            break
          }
        }
      default:
        break  // Two-byte sequence: the introducer is already consumed.
      }
    }
    return String(output)
  }
}
