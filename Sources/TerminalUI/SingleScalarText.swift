/// Measures and cuts text on its UTF-8 bytes when every character in it is a single Unicode scalar from a few
/// ranges of known width: ASCII, the rest of Latin up to the combining marks, general punctuation, arrows, box
/// drawing, block elements and the sextants. Nearly every line the browser draws is made of these, block art with
/// its colour codes included, and walking `Character`s (grapheme breaking) costs many times more. A scalar from
/// anywhere else might join its neighbours into one character (a combining mark, a joiner, a variation selector,
/// a regional indicator, Hangul jamo), so meeting one gives up: the caller then counts character by character.
/// The answers are those of the character-by-character path (`ControlSequenceTracker` and `CharacterWidth`).
enum SingleScalarText {
  /// The columns `value` takes on its own, for a scalar in the known ranges; nil for any other.
  @inline(__always)
  static func knownWidth(_ value: UInt32) -> Int? {
    if value < 0x20 { return 0 }
    if value < 0x7F { return 1 }
    if value < 0xA0 { return 0 }
    if value < 0x300 { return 1 }
    switch value {
    case 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0x2500...0x259F, 0x1FB00...0x1FBFF: return 1
    default: return nil
    }
  }

  /// The display width `TerminalText.displayWidth` gives `text` (colour codes count 0), or nil when a scalar is
  /// outside the known ranges.
  static func width(_ text: String) -> Int? {
    var total = 0
    let known = walk(text) { _, columns in
      total += columns
      return true
    }
    return known ? total : nil
  }

  /// The UTF-8 length of the longest prefix of `text` at most `columns` wide (its colour codes kept), and that
  /// prefix's width; nil when a scalar is outside the known ranges.
  static func prefix(of text: String, columns: Int) -> (bytes: Int, columns: Int)? {
    var used = 0
    var bytes = 0
    var cut = false
    let known = walk(text) { end, width in
      if used + width > columns {
        cut = true
        return false
      }
      used += width
      bytes = end
      return true
    }
    return known || cut ? (bytes, used) : nil
  }

  private enum State { case text, escape, controlSequence }

  /// The scalar starting at `index`, which moves past it. The bytes are valid UTF-8 (a `String`'s), so the lead
  /// byte gives the length.
  @inline(__always)
  private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt32 {
    let lead = bytes[index]
    if lead < 0x80 {
      index += 1
      return UInt32(lead)
    }
    if lead < 0xE0 {
      defer { index += 2 }
      return UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
    }
    if lead < 0xF0 {
      defer { index += 3 }
      return UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
    }
    defer { index += 4 }
    return UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
      | UInt32(bytes[index + 3] & 0x3F)
  }

  /// Calls `body` for each scalar of `text` with the UTF-8 offset just past it and the columns it takes, until
  /// `body` returns false. False when it stopped at a scalar outside the known ranges (before calling `body` for
  /// it); true otherwise, also when `body` stopped the walk.
  @inline(__always)
  private static func walk(_ text: String, _ body: (_ end: Int, _ columns: Int) -> Bool) -> Bool {
    var copy = text
    return copy.withUTF8 { bytes in
      var state = State.text
      var index = 0
      let count = bytes.count
      while index < count {
        let value = scalar(in: bytes, at: &index)
        guard let width = knownWidth(value) else { return false }
        let columns: Int
        // As `ControlSequenceTracker`: CSI sequences (`ESC [` … final byte 0x40...0x7E) take no columns.
        switch state {
        case .text:
          if value == 0x1B { state = .escape }
          columns = width
        case .escape:
          state = value == 0x5B ? .controlSequence : .text
          columns = value == 0x5B ? 0 : width
        case .controlSequence:
          if (0x40...0x7E).contains(value) { state = .text }
          columns = 0
        }
        if !body(index, columns) { return true }
      }
      return true
    }
  }

  /// The width of `line` when it holds only scalars of the known ranges that print and complete SGR colour codes
  /// (`ESC [`, digits, `;` or `:`, then `m`); nil for anything else: another escape sequence or control character,
  /// or a scalar from elsewhere.
  static func colouredTextWidth(_ line: String) -> Int? {
    var copy = line
    return copy.withUTF8 { bytes -> Int? in
      var total = 0
      var index = 0
      let count = bytes.count
      while index < count {
        let lead = bytes[index]
        if lead == 0x1B {
          // A colour code, or nothing of this kind.
          guard index + 1 < count, bytes[index + 1] == UInt8(ascii: "[") else { return nil }
          index += 2
          while index < count, bytes[index] != UInt8(ascii: "m") {
            let byte = bytes[index]
            guard
              (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ";")
                || byte == UInt8(ascii: ":")
            else { return nil }
            index += 1
          }
          guard index < count else { return nil }
          index += 1
          continue
        }
        let value = scalar(in: bytes, at: &index)
        // Known and printing (C1 controls measure 0 and the soft hyphen is a format character: both are left to
        // the sanitiser).
        guard let width = knownWidth(value), width > 0, value != 0xAD else { return nil }
        total += width
      }
      return total
    }
  }

  /// `text` as is when it holds nothing `TerminalText.sanitize` removes or changes; nil otherwise. With
  /// `keepingUnicode` only controls count (C0 and C1 controls, DEL, and so every escape sequence), as for
  /// `TerminalText.removingControls`; without it, also any scalar outside the known ranges (a format character,
  /// a combining mark, or one that needs a closer look) and the soft hyphen.
  static func alreadyClean(_ text: String, keepingUnicode: Bool) -> String? {
    var copy = text
    let clean = copy.withUTF8 { bytes in
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return false }
        if byte < 0x80 || keepingUnicode {
          // C1 controls (U+0080...U+009F) are 0xC2 0x80...0x9F in UTF-8.
          if byte == 0xC2, index + 1 < count, bytes[index + 1] < 0xA0 { return false }
          index += 1
          continue
        }
        let value = scalar(in: bytes, at: &index)
        guard value >= 0xA0, value != 0xAD, knownWidth(value) != nil else { return false }
      }
      return true
    }
    return clean ? text : nil
  }
}
