import ImageCacheSupport
import Testing

/// The string operations that replace full Foundation's: percent-encoding of query strings and trimming.
@Suite struct TextEssentialsTests {
  @Test func percentEncodingKeepsOnlyUnreservedCharacters() {
    #expect(PercentEncoding.encode("AC/DC & Friends=1+2") == "AC%2FDC%20%26%20Friends%3D1%2B2")
    #expect(PercentEncoding.encode("Björk") == "Bj%C3%B6rk")
    #expect(PercentEncoding.encode("a-b._~") == "a-b._~")
    #expect(PercentEncoding.encode("") == "")
  }

  @Test func percentDecodingUndoesEncodingAndRefusesBrokenEscapes() {
    for text in ["AC/DC & Friends=1+2", "Björk", "🎵 100%", ""] {
      #expect(PercentEncoding.decode(PercentEncoding.encode(text)) == text)
    }
    #expect(PercentEncoding.decode("Bj%c3%b6rk") == "Björk")
    #expect(PercentEncoding.decode("100%") == nil)
    #expect(PercentEncoding.decode("%G1") == nil)
    #expect(PercentEncoding.decode("%FF") == nil)  // not UTF-8
  }

  @Test func trimmingRemovesUnicodeWhiteSpaceAndNewlinesAtBothEndsOnly() {
    #expect(" \t a b \n\r\u{00A0}\u{2028}".trimmingWhitespace() == "a b")
    #expect("   ".trimmingWhitespace() == "")
    #expect("x".trimmingWhitespace() == "x")
  }
}
