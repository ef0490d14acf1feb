/// Text that came from outside (the API, the user) on its way to the terminal.
public enum TerminalText {
  /// Makes outside text safe and steady on a terminal. Removes control characters and escape sequences, so it can
  /// never drive the terminal: whole sequences go (CSI, OSC, DCS/APC/PM/SOS strings, two-character ESC sequences,
  /// and their C1 forms), not just the ESC byte, so no `[2J` debris is left behind. Tabs become a single space;
  /// line breaks are control characters too and go, so split multi-line text (a biography) into lines first.
  /// Then removes what prints nothing but reorders or hides the text around it (bidi controls, U+FEFF and the other
  /// format characters, U+2028/2029) and caps combining marks per character; see `InvisibleScalarFilter`.
  public static func sanitize(_ text: String) -> String {
    if let clean = SingleScalarText.alreadyClean(text, keepingUnicode: false) { return clean }
    var scanner = EscapeSequenceScanner(text.unicodeScalars)
    var filter = InvisibleScalarFilter()
    var kept = String.UnicodeScalarView()
    while let scalar = scanner.nextPrintable() { filter.add(scalar, to: &kept) }
    return String(kept)
  }

  /// `sanitize` for text of several lines (an error message with its usage lines): each line cleaned on its own, the
  /// line breaks between them kept. A CR, a CRLF or a U+2028/2029 in the text ends a line too, never moving the
  /// cursor back over what was written.
  public static func sanitizeLines(_ text: String) -> String {
    if SingleScalarText.alreadyClean(text.replacing("\n", with: " "), keepingUnicode: false) != nil { return text }
    return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .map { sanitize(String($0)) }.joined(separator: "\n")
  }

  /// Only the first half of `sanitize`: control characters and escape sequences go, every other character stays as
  /// given. For data a script reads (`--json`), where a name's format characters are part of the name.
  public static func removingControls(_ text: String) -> String {
    if let clean = SingleScalarText.alreadyClean(text, keepingUnicode: true) { return clean }
    var scanner = EscapeSequenceScanner(text.unicodeScalars)
    var kept = String.UnicodeScalarView()
    while let scalar = scanner.nextPrintable() { kept.append(scalar) }
    return String(kept)
  }

  /// Columns the text takes on a terminal (wide characters 2, combining marks 0), counted per grapheme cluster.
  /// Colour codes (CSI sequences such as block art's `ESC[38;5;196m`) draw nothing and count as 0.
  public static func displayWidth(_ text: String) -> Int {
    if let width = SingleScalarText.width(text) { return width }
    var total = 0
    var sequence = ControlSequenceTracker()
    for character in text { total += sequence.columns(of: character) }
    return total
  }

  /// The display width of `line` when it holds nothing but printable text and complete SGR colour codes
  /// (`ESC [` digits, `;` or `:`, then `m`), so it may go to the terminal as it is; nil when it holds anything else
  /// (another escape sequence or a control character, which `sanitize` must remove first) or characters that are
  /// measured one by one (combining marks, emoji, CJK and others).
  public static func colouredTextWidth(_ line: String) -> Int? {
    SingleScalarText.colouredTextWidth(line)
  }

  /// Cuts to at most `columns` display columns, ending with `…` when something was cut.
  /// A wide character that would straddle the cut is dropped and a space stands in for its missing half,
  /// so the result is exactly `columns` wide whenever it was cut.
  public static func truncate(_ text: String, toColumns columns: Int) -> String {
    guard columns > 0 else { return "" }
    return truncated(text, toColumns: columns).text
  }

  /// `truncate`, and the width of what it returns.
  private static func truncated(_ text: String, toColumns columns: Int) -> (text: String, columns: Int) {
    if let width = SingleScalarText.width(text) {
      guard width > columns else { return (text, width) }
      if let (bytes, used) = SingleScalarText.prefix(of: text, columns: columns - 1) {
        let kept = String(decoding: text.utf8.prefix(bytes), as: UTF8.self)
        return (kept + String(repeating: " ", count: columns - 1 - used) + "…", columns)
      }
    }
    let width = characterWidth(text)
    guard width > columns else { return (text, width) }
    let budget = columns - 1  // one column is reserved for the ellipsis
    var kept = ""
    var used = 0
    var sequence = ControlSequenceTracker()
    for character in text {
      // Colour codes pass through at no cost, so cut block art keeps the colours of the cells it shows.
      let width = sequence.columns(of: character)
      if used + width > budget { break }
      kept.append(character)
      used += width
    }
    return (kept + String(repeating: " ", count: budget - used) + "…", columns)
  }

  /// Cuts from the front to at most `columns` display columns, starting with `…` when something was cut: the end
  /// of a text that goes on growing (a prompt as it is typed).
  public static func truncateLeading(_ text: String, toColumns columns: Int) -> String {
    guard columns > 0 else { return "" }
    guard displayWidth(text) > columns else { return text }
    var kept: [Character] = []
    var used = 1  // the ellipsis
    for character in text.reversed() {
      let width = CharacterWidth.columns(of: character)
      if used + width > columns { break }
      kept.append(character)
      used += width
    }
    return "…" + String(kept.reversed())
  }

  /// Truncates, then pads with spaces to exactly `columns` display columns.
  public static func fit(_ text: String, toColumns columns: Int) -> String {
    guard columns > 0 else { return "" }
    let (cut, width) = truncated(text, toColumns: columns)
    return width < columns ? cut + String(repeating: " ", count: columns - width) : cut
  }

  /// `displayWidth` character by character, for text the byte-wise measure does not know.
  private static func characterWidth(_ text: String) -> Int {
    var total = 0
    var sequence = ControlSequenceTracker()
    for character in text { total += sequence.columns(of: character) }
    return total
  }
}

/// Follows CSI sequences (`ESC [` parameters, final byte 0x40...0x7E) through a run of characters: their
/// characters take no columns. Everything else is measured by `CharacterWidth`.
struct ControlSequenceTracker {
  private enum State { case text, escape, controlSequence }
  private var state = State.text

  mutating func columns(of character: Character) -> Int {
    switch state {
    case .text:
      if character == "\u{1B}" { state = .escape }
      return CharacterWidth.columns(of: character)
    case .escape:
      state = character == "[" ? .controlSequence : .text
      return character == "[" ? 0 : CharacterWidth.columns(of: character)
    case .controlSequence:
      if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value) { state = .text }
      return 0
    }
  }
}
