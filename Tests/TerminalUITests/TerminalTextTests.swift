import Testing

@testable import TerminalUI

@Suite struct TerminalTextSanitizeTests {
  @Test func removesAWholeCSISequence() {
    #expect(TerminalText.sanitize("Bj\u{1B}[2Jörk") == "Björk")
  }

  @Test func removesCSIWithParametersAndIntermediates() {
    #expect(TerminalText.sanitize("a\u{1B}[38;5;196mred\u{1B}[0m b\u{1B}[?1049h") == "ared b")
  }

  @Test func removesAnOSCTitleTerminatedByBELOrST() {
    #expect(TerminalText.sanitize("x\u{1B}]0;pwned\u{07}y") == "xy")
    #expect(TerminalText.sanitize("x\u{1B}]8;;http://e.vil\u{1B}\\link\u{1B}]8;;\u{1B}\\y") == "xlinky")
  }

  @Test func removesDCSAPCPMAndSOSStrings() {
    #expect(
      TerminalText.sanitize("a\u{1B}P+q544e\u{1B}\\b\u{1B}_apc\u{1B}\\c\u{1B}^pm\u{1B}\\d\u{1B}Xsos\u{1B}\\e")
        == "abcde")
  }

  @Test func removesTwoCharacterAndCharsetSequences() {
    #expect(TerminalText.sanitize("a\u{1B}7b\u{1B}cc\u{1B}(Bd") == "abcd")
  }

  @Test func removesC1ControlsIncludingEightBitCSIAndOSC() {
    #expect(TerminalText.sanitize("a\u{9B}31mb\u{9D}2;t\u{9C}c\u{85}d\u{8D}e") == "abcde")
  }

  @Test func removesBELDELAndOtherC0ButKeepsTabAsSpace() {
    #expect(TerminalText.sanitize("ding\u{07}dong\u{7F}\u{00}\r\nx\ty") == "dingdongx y")
  }

  @Test func malformedCSIEndsAtTheFirstByteThatCannotBelongToIt() {
    #expect(TerminalText.sanitize("a\u{1B}[31éb") == "aéb")
    #expect(TerminalText.sanitize("a\u{1B}[3\u{1B}[0mb") == "ab")
  }

  @Test func unterminatedStringSwallowsTheRest() {
    #expect(TerminalText.sanitize("safe\u{1B}]0;never ends") == "safe")
  }

  @Test func leavesOrdinaryUnicodeAlone() {
    #expect(TerminalText.sanitize("Sigur Rós — 東京事変 🎸") == "Sigur Rós — 東京事変 🎸")
  }

  @Test func removesBidiControlsAndOtherFormatCharacters() {
    let invisible: [Unicode.Scalar] = [
      "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
      "\u{200E}", "\u{200F}", "\u{061C}", "\u{FEFF}", "\u{2028}", "\u{2029}", "\u{200B}", "\u{200C}", "\u{2060}",
      "\u{AD}", "\u{E0001}", "\u{E0041}", "\u{FFF9}",
    ]
    for scalar in invisible {
      #expect(TerminalText.sanitize("a\(scalar)b") == "ab", "U+\(String(scalar.value, radix: 16))")
    }
    #expect(TerminalText.sanitize("\u{202E}kcits\u{202C} \u{2067}abc\u{2069}") == "kcits abc")
  }

  @Test func keepsTheJoinerOnlyInsideAnEmojiSequence() {
    for sequence in ["👩\u{200D}💻", "👨\u{200D}👩\u{200D}👧\u{200D}👦", "🏳\u{FE0F}\u{200D}🌈", "👩🏽\u{200D}💻"] {
      #expect(TerminalText.sanitize(sequence) == sequence)
    }
    #expect(TerminalText.sanitize("a\u{200D}b") == "ab")
    #expect(TerminalText.sanitize("👩\u{200D}b") == "👩b")
    #expect(TerminalText.sanitize("a\u{200D}👩") == "a👩")
    #expect(TerminalText.sanitize("👩\u{200D}\u{200D}💻") == "👩\u{200D}💻")
  }

  @Test func keepsFlagsSkinTonesKeycapsAndVariationSelectors() {
    for text in ["🇫🇷", "👍🏽", "1\u{FE0F}\u{20E3}", "❤\u{FE0F}", "Bjo\u{308}rk", "Tiê\u{301}n"] {
      #expect(TerminalText.sanitize(text) == text)
    }
  }

  @Test func capsCombiningMarksOnEachCharacter() {
    let tower = "Z" + String(repeating: "\u{301}", count: 1_000) + "a" + String(repeating: "\u{20DD}", count: 6)
    let capped = TerminalText.sanitize(tower)
    let expected = "Z" + String(repeating: "\u{301}", count: 4) + "a" + String(repeating: "\u{20DD}", count: 4)
    #expect(capped == expected)
    #expect(InvisibleScalarFilter.marksPerBase == 4)
    #expect(TerminalText.displayWidth(capped) == 2)
  }

  @Test func removingControlsKeepsFormatCharactersAndMarks() {
    let name = "\u{202E}a\u{FEFF}b\u{200B}" + String(repeating: "\u{301}", count: 10)
    #expect(TerminalText.removingControls(name) == name)
    #expect(TerminalText.removingControls("x\u{1B}]0;title\u{07}\u{202E}y\u{85}") == "x\u{202E}y")
  }
}

@Suite struct TerminalTextWidthTests {
  @Test func asciiIsOneColumnEach() {
    #expect(TerminalText.displayWidth("Radiohead") == 9)
  }

  @Test func cjkIsTwoColumnsEach() {
    #expect(TerminalText.displayWidth("東京事変") == 8)
    #expect(TerminalText.displayWidth("한국어") == 6)
    #expect(TerminalText.displayWidth("ＡＢ") == 4)  // fullwidth forms
  }

  @Test func combiningMarksTakeNoColumn() {
    #expect(TerminalText.displayWidth("e\u{301}") == 1)
    #expect(TerminalText.displayWidth("Bjo\u{308}rk") == 5)
  }

  @Test func emojiAreTwoColumns() {
    #expect(TerminalText.displayWidth("🎸") == 2)
    #expect(TerminalText.displayWidth("👩‍🎤") == 2)  // ZWJ sequence: one cluster
    #expect(TerminalText.displayWidth("🇮🇸") == 2)  // flag
  }

  /// Each cluster's width as tmux 3.3a puts it in its grid (measured with `#{cursor_x}` after printing it; the
  /// end-to-end `BrowserHostileTextTmuxTests` checks the browser's rows against tmux itself).
  @Test(arguments: [
    ("👨\u{200D}👩\u{200D}👧\u{200D}👦", 2),  // family: the emoji after each joiner shares the first one's cell
    ("👩\u{200D}💻", 2), ("👩🏽\u{200D}💻", 4),  // a skin tone is an emoji of its own, 2 columns
    ("👩🏻\u{200D}❤\u{FE0F}\u{200D}💋\u{200D}👨🏼", 6),
    ("🏳\u{FE0F}\u{200D}🌈", 1),  // the white flag is 1 column; the variation selector changes nothing
    ("🇫🇷", 2), ("🇫🇷🇩", 3), ("🇫", 1),  // regional indicators are 1 column each, paired or not
    ("👍🏽", 4), ("1\u{FE0F}\u{20E3}", 1), ("❤\u{FE0F}", 1), ("❤", 1), ("☺\u{FE0F}", 1),
    ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),  // tag characters take no column
    ("e\u{301}\u{303}\u{304}", 1), ("漢字", 4), ("\u{1100}\u{1161}\u{11A8}", 2), ("a\u{AD}b", 3),
  ])
  func clusterWidthsAreTmuxs(text: String, columns: Int) {
    #expect(TerminalText.displayWidth(text) == columns)
  }

  @Test func zeroWidthCharactersTakeNoColumn() {
    #expect(TerminalText.displayWidth("a\u{200B}b") == 2)
  }
}

@Suite struct TerminalTextTruncateTests {
  @Test func shortTextIsUnchanged() {
    #expect(TerminalText.truncate("Muse", toColumns: 4) == "Muse")
  }

  @Test func longTextEndsWithEllipsis() {
    #expect(TerminalText.truncate("Radiohead", toColumns: 5) == "Radi…")
  }

  @Test func wideCharacterIsNeverCutInHalf() {
    // Budget before the ellipsis is 4 columns: 東京 fits exactly.
    #expect(TerminalText.truncate("東京事変", toColumns: 5) == "東京…")
    // Budget 3: 東 fits, 京 would straddle the cut, a space stands in.
    #expect(TerminalText.truncate("東京事変", toColumns: 4) == "東 …")
    #expect(TerminalText.displayWidth(TerminalText.truncate("東京事変", toColumns: 4)) == 4)
  }

  @Test func tinyWidths() {
    #expect(TerminalText.truncate("abc", toColumns: 1) == "…")
    #expect(TerminalText.truncate("abc", toColumns: 0) == "")
    #expect(TerminalText.truncate("東京", toColumns: 4) == "東京")
    #expect(TerminalText.truncate("東京", toColumns: 2) == " …")
  }

  @Test func combiningMarksStayWithTheirLetter() {
    #expect(TerminalText.truncate("e\u{301}e\u{301}e\u{301}", toColumns: 2) == "e\u{301}…")
  }

  @Test func truncateLeadingKeepsTheEnd() {
    #expect(TerminalText.truncateLeading("Radiohead", toColumns: 9) == "Radiohead")
    #expect(TerminalText.truncateLeading("Radiohead", toColumns: 5) == "…head")
    #expect(TerminalText.truncateLeading("東京事変", toColumns: 6) == "…事変")
    #expect(TerminalText.truncateLeading("東京事変", toColumns: 4) == "…変")
    #expect(TerminalText.truncateLeading("abc", toColumns: 0) == "")
  }

  @Test func fitPadsToExactWidth() {
    #expect(TerminalText.fit("Muse", toColumns: 6) == "Muse  ")
    #expect(TerminalText.fit("東京事変", toColumns: 9) == "東京事変 ")
    #expect(TerminalText.fit("東京事変", toColumns: 6) == "東京 …")
    #expect(TerminalText.fit("Radiohead", toColumns: 5) == "Radi…")
  }
}
