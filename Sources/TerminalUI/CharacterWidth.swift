/// Terminal column widths as tmux 3.3a draws them on glibc (checked against `capture-pane`, see RELIABILITY.md):
/// each scalar takes its wcwidth, which follows Unicode's East Asian Width property (UAX #11), and a non-ASCII
/// scalar right after a zero width joiner goes into the joiner's cell and takes none. So an emoji ZWJ sequence is
/// as wide as its first emoji, a flag is its two regional indicators (1 column each), a skin tone adds its own
/// 2 columns, and a variation selector changes nothing. The standard library exposes neither the East Asian
/// Width property nor wcwidth, so the wide ranges are listed here.
enum CharacterWidth {
  /// Columns one grapheme cluster occupies: the sum of its scalars' columns, less those joined by a ZWJ.
  static func columns(of character: Character) -> Int {
    var width = 0
    var afterJoiner = false
    for scalar in character.unicodeScalars {
      let joined = afterJoiner && scalar.value >= 0x80
      afterJoiner = scalar.value == 0x200D
      if !joined { width += columns(of: scalar) }
    }
    return width
  }

  static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }  // fast path: Latin (the soft hyphen included, as in glibc)
    if isZeroWidth(scalar) { return 0 }
    if isRegionalIndicator(value) { return 1 }  // emoji presentation, but East Asian Width N
    if scalar.properties.isEmojiPresentation || isEastAsianWide(value) { return 2 }
    return 1
  }

  static func isRegionalIndicator(_ value: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(value) }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return true
    case .format: return !isPrependedConcatenationMark(scalar.value)
    default: break
    }
    // Hangul medial vowels and final consonants join the preceding initial consonant.
    return (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value)
  }

  /// Format characters drawn with the number that follows them (Arabic number signs and the like), one column.
  private static func isPrependedConcatenationMark(_ value: UInt32) -> Bool {
    switch value {
    case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: true
    default: false
    }
  }

  /// Ranges with East Asian Width W or F (Unicode 15), emoji aside (those come from `isEmojiPresentation`).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed
    0x3400...0x4DFF,  // CJK Extension A, Yijing hexagrams
    0x4E00...0x9FFF,  // CJK Unified Ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo Extended-A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FF1, 0x17000...0x18D08,  // ideographic symbols, Tangut, Khitan
    0x1AFF0...0x1AFFE, 0x1B000...0x1B2FF,  // Kana supplements, Nushu
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
