import Testing

@testable import TerminalUI

/// The byte-wise measure must give exactly what measuring character by character gives, since it stands in for it
/// on nearly every line drawn.
@Suite struct SingleScalarTextTests {
  /// Every scalar the byte-wise measure knows.
  static let knownScalars: [Unicode.Scalar] = [
    0x00..<0x300, 0x2010..<0x2028, 0x2030..<0x205F, 0x2190..<0x2200,
    0x2500..<0x25A0, 0x1FB00..<0x1FC00,
  ].flatMap { $0.compactMap(Unicode.Scalar.init) }

  /// `TerminalText.displayWidth`'s answer character by character (the path taken for text the byte-wise measure
  /// does not know).
  static func characterWidth(_ text: String) -> Int {
    var tracker = ControlSequenceTracker()
    return text.reduce(0) { $0 + tracker.columns(of: $1) }
  }

  @Test func eachKnownScalarIsACharacterOfItsOwnWithTheSameWidth() {
    let neighbours: [Unicode.Scalar] = ["a", "\u{1B}", "[", "m", " ", "é", "…", "▀", "\u{1FB00}", "\r", "\n"]
    for scalar in Self.knownScalars {
      #expect(SingleScalarText.knownWidth(scalar.value) == CharacterWidth.columns(of: Character(scalar)))
      // Never joined to a neighbour into one character, so measuring scalars measures characters.
      for neighbour in neighbours where !(scalar == "\r" && neighbour == "\n") {
        var pair = String.UnicodeScalarView()
        pair.append(contentsOf: [scalar, neighbour])
        #expect(
          String(pair).count == 2, "U+\(String(scalar.value, radix: 16)) then \(neighbour.escaped(asASCII: true))")
        var reversed = String.UnicodeScalarView()
        reversed.append(contentsOf: [neighbour, scalar])
        #expect(String(reversed).count == 2 || (neighbour == "\r" && scalar == "\n"))
      }
    }
  }

  @Test func scalarsThatJoinTheirNeighboursAreNotKnown() {
    // Combining marks, joiners, variation selectors, regional indicators, Hangul jamo, emoji, CJK
    for value: UInt32 in [0x301, 0x200C, 0x200D, 0xFE0F, 0x1F1E6, 0x1100, 0x1160, 0x1F600, 0x4E00, 0x2028] {
      #expect(SingleScalarText.knownWidth(value) == nil)
    }
  }

  @Test func widthsAgreeWithTheCharacterByCharacterMeasure() {
    let texts = [
      "", "plain", "Björk — 1.2M listeners", "\u{1B}[38;2;1;2;3m\u{1B}[48;5;17m▀▄\u{1FB00}\u{1B}[0m",
      "\u{1B}[2Jx", "\u{1B}\u{1B}[31mx", "\u{1B}x", "a\u{1B}", "a\u{1B}[", "\u{1B}[38;5", "tab\there", "\u{9B}31mx",
      "↑↓ arrows ─│┌", "a\r\nb",
    ]
    for text in texts {
      #expect(SingleScalarText.width(text) == Self.characterWidth(text), "\(text.debugDescription)")
    }
    // What it does not know, it leaves to the character-by-character measure
    for text in ["e\u{301}", "❤️", "🇫🇷", "日本", "한"] {
      #expect(SingleScalarText.width(text) == nil)
      #expect(TerminalText.displayWidth(text) == Self.characterWidth(text))
    }
  }

  @Test func truncateAndFitCutAsTheCharacterByCharacterPathDoes() {
    // Colour codes pass through the cut; the ellipsis takes the last column; padding fills to the width
    let art = "\u{1B}[38;5;196m▀▀▀▀\u{1B}[0m label"
    #expect(TerminalText.truncate(art, toColumns: 3) == "\u{1B}[38;5;196m▀▀…")
    #expect(TerminalText.truncate(art, toColumns: 5) == "\u{1B}[38;5;196m▀▀▀▀\u{1B}[0m…")
    #expect(TerminalText.truncate(art, toColumns: 10) == art)
    #expect(TerminalText.fit(art, toColumns: 12) == art + "  ")
    #expect(TerminalText.fit("abcdef", toColumns: 4) == "abc…")
    #expect(TerminalText.fit("abc", toColumns: 0) == "")
    #expect(TerminalText.truncate("ab", toColumns: 1) == "…")
    // Mixed with text the byte-wise measure does not know: the same cut either way
    #expect(TerminalText.truncate("日本語のタイトル", toColumns: 6) == "日本 …")
    #expect(TerminalText.fit("e\u{301}e\u{301}e\u{301}", toColumns: 2) == "e\u{301}…")
  }

  @Test func alreadyCleanTextIsKeptAndAnythingElseIsSanitised() {
    for keepingUnicode in [false, true] {
      #expect(
        SingleScalarText.alreadyClean("Björk — “Homogenic”", keepingUnicode: keepingUnicode) == "Björk — “Homogenic”")
      for dirty in ["a\u{1B}[2J", "tab\t", "del\u{7F}", "c1\u{9B}31m", "nul\u{0}", "bell\u{7}"] {
        #expect(SingleScalarText.alreadyClean(dirty, keepingUnicode: keepingUnicode) == nil)
      }
    }
    // Format characters and marks need the closer look unless only controls are being removed.
    for unicode in ["a\u{202E}b", "soft\u{AD}hyphen", "e\u{301}", "東京"] {
      #expect(SingleScalarText.alreadyClean(unicode, keepingUnicode: false) == nil)
      #expect(SingleScalarText.alreadyClean(unicode, keepingUnicode: true) == unicode)
    }
    #expect(TerminalText.sanitize("\u{A0}non-breaking\u{A0}") == "\u{A0}non-breaking\u{A0}")
  }
}

@Suite struct ColouredTextWidthTests {
  @Test func textAndColourCodesAreMeasured() {
    #expect(TerminalText.colouredTextWidth("") == 0)
    #expect(TerminalText.colouredTextWidth("\u{1B}[38;2;1;2;3;48;5;17m▀\u{1FB00}\u{1B}[0m Björk…") == 9)
    #expect(TerminalText.colouredTextWidth("\u{1B}[m") == 0)
  }

  @Test func anythingTheSanitiserWouldTouchIsNotMeasured() {
    for line in [
      "a\u{1B}[2J", "\u{1B}[38;5;1", "\u{1B}]0;title\u{7}", "\u{1B}7", "tab\t", "c1\u{9B}1m", "del\u{7F}", "e\u{301}",
      "日本",
    ] {
      #expect(TerminalText.colouredTextWidth(line) == nil, "\(line.debugDescription)")
    }
  }
}
