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
    #expect(TerminalText.displayWidth("❤️") == 2)  // text-default emoji with VS16
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

  @Test func fitPadsToExactWidth() {
    #expect(TerminalText.fit("Muse", toColumns: 6) == "Muse  ")
    #expect(TerminalText.fit("東京事変", toColumns: 9) == "東京事変 ")
    #expect(TerminalText.fit("東京事変", toColumns: 6) == "東京 …")
    #expect(TerminalText.fit("Radiohead", toColumns: 5) == "Radi…")
  }
}
