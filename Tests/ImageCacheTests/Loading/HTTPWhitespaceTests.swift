import ImageCacheSupport
import Testing

@Suite struct HTTPWhitespaceTests {
  @Test(arguments: [
    ("  max-age=60\t", "max-age=60"),
    ("\t \t", ""),
    ("", ""),
    ("a b", "a b"),
    (" \"é\" ", "\"é\""),
    ("x", "x"),
    ("\u{A0}x\u{A0}", "\u{A0}x\u{A0}"),  // only spaces and tabs are HTTP's white space (RFC 9110 §5.6.3)
  ])
  func spacesAndTabsAroundAValueGo(value: String, expected: String) {
    #expect(String(value.trimmingHTTPWhitespace()) == expected)
    #expect(String(Substring("\t" + value + " ").trimmingHTTPWhitespace()) == expected)
  }
}
