/// Terminal column widths after Unicode's East Asian Width property (UAX #11) and the emoji presentation rules
/// that terminals such as xterm, VTE and kitty follow. The standard library exposes neither the East Asian Width
/// property nor wcwidth, so the wide ranges are listed here.
enum CharacterWidth {
  /// Columns one grapheme cluster occupies: 0, 1 or 2.
  static func columns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    // An emoji that asks for emoji presentation with VS16 (e.g. "❤️") is drawn two columns wide.
    if scalars.count > 1, first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
    var width = 0
    for scalar in scalars {
      width = max(width, columns(of: scalar))
      if width == 2 { break }
    }
    return width
  }

  static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }  // fast path: Latin
    if isZeroWidth(scalar) { return 0 }
    if scalar.properties.isEmojiPresentation || isEastAsianWide(value) { return 2 }
    return 1
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: break
    }
    // Hangul medial vowels and final consonants join the preceding initial consonant.
    return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
  }

  /// Ranges with East Asian Width W or F (Unicode 15), emoji aside (those come from `isEmojiPresentation`).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed
    0x3400...0x4DBF,  // CJK Extension A
    0x4E00...0x9FFF,  // CJK Unified Ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo Extended-A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4, 0x17000...0x18CFF,  // Tangut, Khitan
    0x1B000...0x1B2FF,  // Kana supplements, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK Extensions B–F
    0x30000...0x3FFFD,  // CJK Extension G and later
  ]

  private static func isEastAsianWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
