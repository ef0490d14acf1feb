/// The second pass of `TerminalText.sanitize`, after the control characters and escape sequences are gone: removes
/// what prints nothing yet changes how a terminal shows the text around it, and caps what piles up on one character.
///
/// - Format characters (General_Category Cf): the bidi embeddings, overrides and isolates (U+202A–202E,
///   U+2066–2069), the marks U+200E, U+200F and U+061C, U+FEFF, the zero width space, emoji tag characters and
///   the rest. One exception: a zero width joiner (U+200D) between two emoji stays, since it makes one picture
///   of an emoji ZWJ sequence (👩‍💻); anywhere else it goes.
/// - The line and paragraph separators U+2028 and U+2029.
/// - Combining marks (Mn, Me; variation selectors and the keycap mark among them) past `marksPerBase` on one
///   base character: a tower of a thousand accents keeps its first few.
struct InvisibleScalarFilter {
  /// Enough for any real text: Vietnamese stacks two marks, Hebrew with points and cantillation three.
  static let marksPerBase = 4

  private var marks = 0
  /// Whether the last base kept is an emoji (with its skin tone or variation selector), so a ZWJ may follow it.
  private var afterEmoji = false
  /// A ZWJ after an emoji, kept only if an emoji comes next.
  private var heldJoiner = false

  mutating func add(_ scalar: Unicode.Scalar, to kept: inout String.UnicodeScalarView) {
    if scalar.value < 0x300 {
      // Latin: never a format character or a mark but the soft hyphen (U+00AD, Cf).
      guard scalar.value != 0xAD else { return }
      addBase(scalar, emoji: scalar.value == 0xA9 || scalar.value == 0xAE, to: &kept)  // © and ®
      return
    }
    if scalar.value == 0x200D {
      heldJoiner = afterEmoji
      return
    }
    switch scalar.properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator:
      return
    case .nonspacingMark, .enclosingMark:
      heldJoiner = false
      guard marks < Self.marksPerBase else { return }
      marks += 1
      kept.append(scalar)
    default:
      let properties = scalar.properties
      if properties.isEmojiModifier, afterEmoji {
        kept.append(scalar)  // a skin tone belongs to the emoji before it
        return
      }
      addBase(scalar, emoji: properties.isEmoji && !CharacterWidth.isRegionalIndicator(scalar.value), to: &kept)
    }
  }

  private mutating func addBase(_ scalar: Unicode.Scalar, emoji: Bool, to kept: inout String.UnicodeScalarView) {
    if heldJoiner, emoji { kept.append("\u{200D}") }
    heldJoiner = false
    marks = 0
    afterEmoji = emoji
    kept.append(scalar)
  }
}
