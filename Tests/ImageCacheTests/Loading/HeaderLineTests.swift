import Testing

@testable import ImageCache

@Suite struct HeaderLineTests {
  static func parse(_ text: String) -> HeaderLine {
    Array(text.utf8).withUnsafeBytes { HeaderLine($0) }
  }

  @Test(arguments: [
    ("Content-Type: image/png\r\n", "content-type", "image/png"),
    ("ETag:   \"abc\"  \r\n", "etag", "\"abc\""),
    ("cache-control:max-age=60\r\n", "cache-control", "max-age=60"),
    ("X-Empty:\r\n", "x-empty", ""),
    ("Last-Modified: Tue, 15 Nov 1994 12:45:26 GMT\r\n", "last-modified", "Tue, 15 Nov 1994 12:45:26 GMT"),
    ("Location: http://a.test/x?q=a:b\r\n", "location", "http://a.test/x?q=a:b"),
    ("X-Name \t: caf\u{e9}\n", "x-name", "caf\u{e9}"),
  ])
  func fieldsAreSplitTrimmedAndLowerCased(line: String, name: String, value: String) {
    #expect(Self.parse(line) == .field(name: name, value: value))
  }

  @Test func statusLinesStartANewResponse() {
    #expect(Self.parse("HTTP/1.1 301 Moved Permanently\r\n") == .statusLine)
    #expect(Self.parse("HTTP/2 200\r\n") == .statusLine)
  }

  @Test func blankAndMalformedLinesAreIgnored() {
    #expect(Self.parse("\r\n") == .other)
    #expect(Self.parse("") == .other)
    #expect(Self.parse("no colon here\r\n") == .other)
    #expect(Self.parse(": value without a name\r\n") == .other)
  }
}
