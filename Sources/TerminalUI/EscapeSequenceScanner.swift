/// Walks Unicode scalars and hands out only the printable ones, swallowing control characters and whole
/// escape sequences (ECMA-48): `ESC [ … final`, `ESC ] … BEL|ST`, `ESC P|X|^|_ … ST`, `ESC <intermediates> final`,
/// and the 8-bit C1 equivalents (CSI 0x9B, OSC 0x9D, DCS 0x90, SOS 0x98, PM 0x9E, APC 0x9F).
struct EscapeSequenceScanner {
  private var scalars: String.UnicodeScalarView.Iterator
  private var pushedBack: Unicode.Scalar?

  init(_ scalars: String.UnicodeScalarView) {
    self.scalars = scalars.makeIterator()
  }

  mutating func nextPrintable() -> Unicode.Scalar? {
    while let scalar = next() {
      switch scalar.value {
      case 0x09: return " "
      case 0x1B: skipEscapeSequence()
      case 0x9B: skipControlSequence()
      case 0x9D: skipControlString(bellTerminates: true)
      case 0x90, 0x98, 0x9E, 0x9F: skipControlString(bellTerminates: false)
      case 0x00..<0x20, 0x7F..<0xA0: continue  // other C0, DEL, other C1
      default: return scalar
      }
    }
    return nil
  }

  private mutating func next() -> Unicode.Scalar? {
    if let scalar = pushedBack {
      pushedBack = nil
      return scalar
    }
    return scalars.next()
  }

  /// Called after ESC.
  private mutating func skipEscapeSequence() {
    guard let introducer = next() else { return }
    switch introducer {
    case "[": skipControlSequence()
    case "]": skipControlString(bellTerminates: true)
    case "P", "X", "^", "_": skipControlString(bellTerminates: false)
    case "\u{20}"..."\u{2F}":
      // nF sequences such as `ESC ( B`: intermediates, then one final byte.
      while let scalar = next() {
        if !(0x20...0x2F).contains(scalar.value) { break }
      }
    case "\u{1B}": pushedBack = introducer  // ESC ESC: the second one starts its own sequence
    default: break  // two-character sequence such as `ESC 7` or `ESC c`: both characters go
    }
  }

  /// Called after CSI: parameter and intermediate bytes, then a final byte in 0x40...0x7E.
  private mutating func skipControlSequence() {
    while let scalar = next() {
      if (0x40...0x7E).contains(scalar.value) { return }
      if !(0x20...0x3F).contains(scalar.value) {
        // Not a CSI byte (a new ESC, a control, a letter like "é"): the sequence was malformed; end it here and
        // let that scalar be judged on its own, so text after a broken sequence is not lost.
        pushedBack = scalar
        return
      }
    }
  }

  /// Called after OSC/DCS/SOS/PM/APC: everything up to the string terminator (`ESC \` or 0x9C; BEL for OSC).
  /// An unterminated string swallows the rest of the text, which is the safe choice.
  private mutating func skipControlString(bellTerminates: Bool) {
    while let scalar = next() {
      switch scalar.value {
      case 0x9C: return
      case 0x07 where bellTerminates: return
      case 0x1B:
        guard let following = next() else { return }
        if following == "\\" { return }
      default: continue
      }
    }
  }
}
