import Testing

@testable import LastFM

/// The parser behind every Last.fm answer: strict about the grammar (an HTML page or a cut-off answer is no
/// answer), exact about strings and numbers.
@Suite struct JSONParserTests {
  private func parse(_ text: String) -> JSONValue? { JSONParser.parse(Array(text.utf8)) }

  @Test func valuesOfEveryKind() {
    #expect(
      parse(#" {"a": [1, -2.5e2, true, false, null, "x"], "b": {}} "#)
        == .object([
          "a": .array([.number(1), .number(-250), .bool(true), .bool(false), .null, .string("x")]),
          "b": .object([:]),
        ]))
    #expect(parse("[]") == .array([]))
    #expect(parse(#""fragment""#) == .string("fragment"))
    #expect(parse("0") == .number(0))
  }

  @Test func escapesAndUnicode() {
    #expect(parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
    #expect(parse(#""Bj\u00f6rk \u00E9""#) == .string("Björk é"))
    // A surrogate pair is one scalar; a lone surrogate becomes U+FFFD, and the text after it survives.
    #expect(parse(#""\ud83c\udfb5""#) == .string("🎵"))
    #expect(parse(#""a\ud83cb""#) == .string("a\u{FFFD}b"))
    #expect(parse(#""\udfb5\u0041""#) == .string("\u{FFFD}A"))
    #expect(parse("\"Sigur Rós 🎵\"") == .string("Sigur Rós 🎵"))
  }

  @Test func aByteOrderMarkIsSkipped() {
    #expect(JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == .object([:]))
  }

  @Test func whatIsNotJSONIsRefused() {
    for text in [
      "", " ", "<html><body>502 Bad Gateway</body></html>", #"{"a": 1"#, #"{"a" 1}"#, "[1,]", "[1 2]", "01", "1.",
      "-", "1e", ".5", "+1", "tru", "nul", #""unterminated"#, "\"tab\there\"", #""\x""#, #""\u12g4""#, "{} {}",
      "[1]]", "NaN", "Infinity", #"{1: 2}"#,
    ] {
      #expect(parse(text) == nil, "\(text)")
    }
  }

  @Test func nestingDeeperThanTheLimitIsRefusedWithoutCrashing() {
    let limit = JSONParser.maximumDepth
    #expect(parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)) != nil)
    #expect(parse(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)) == nil)
    #expect(parse(String(repeating: "[", count: 1_000_000)) == nil)
  }

  @Test func numbersAsLastFMSendsThem() {
    #expect(parse("1290895")?.int == 1_290_895)
    #expect(parse(#""1290895""#)?.int == 1_290_895)
    #expect(parse("0.511468")?.double == 0.511468)
    #expect(parse("1E3") == .number(1000))
    #expect(parse("-0") == .number(0))
  }

  @Test func aLaterDuplicateKeyWins() {
    #expect(parse(#"{"a": 1, "a": 2}"#) == .object(["a": .number(2)]))
    #expect(parse(#"{"a": 1, "b": 0, "a": 2}"#)?["a"] == .number(2))
  }

  @Test func invalidUTF8InAStringIsRepaired() {
    #expect(JSONParser.parse(Array("\"a".utf8) + [0xFF] + Array("b\"".utf8)) == .string("a\u{FFFD}b"))
  }
}
