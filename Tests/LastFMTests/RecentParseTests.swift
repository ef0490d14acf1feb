import Testing

@testable import LastFM

/// The kept last parse: the same bytes again are not parsed again, and any other bytes (even of the same length,
/// or the first ones again after others) get their own document.
@Suite struct RecentParseTests {
  final class CountingParser {
    var parsed: [String] = []
    func parse(_ bytes: [UInt8]) -> JSONValue? {
      parsed.append(String(decoding: bytes, as: UTF8.self))
      return JSONParser.parse(bytes)
    }
  }

  @Test func theSameBytesAreParsedOnceAndOtherBytesEachTime() {
    // Given a kept parse and two documents of the same length
    let sut = RecentParse()
    let parser = CountingParser()
    let first = Array(#"{"track":"One"}"#.utf8)
    let second = Array(#"{"track":"Two"}"#.utf8)
    // When each is asked for, the first twice in a row and again after the second
    let answers = [first, first, second, first].map { sut.parse($0, parser: parser.parse) }
    // Then every answer is its own bytes' document, and only a repeat in a row skips the parser
    #expect(
      answers == [
        .object(["track": .string("One")]), .object(["track": .string("One")]),
        .object(["track": .string("Two")]), .object(["track": .string("One")]),
      ])
    #expect(parser.parsed == [#"{"track":"One"}"#, #"{"track":"Two"}"#, #"{"track":"One"}"#])
  }

  @Test func notJSONIsKeptAsNotJSONAndLargeDocumentsAreNotKept() {
    let sut = RecentParse()
    let parser = CountingParser()
    let page = Array("<html>".utf8)
    #expect(sut.parse(page, parser: parser.parse) == nil)
    #expect(sut.parse(page, parser: parser.parse) == nil)
    #expect(parser.parsed.count == 1)
    let large = Array(("[" + String(repeating: "1,", count: RecentParse.maximumBytes / 2) + "1]").utf8)
    #expect(sut.parse(large, parser: parser.parse) != nil)
    #expect(sut.parse(large, parser: parser.parse) != nil)
    #expect(parser.parsed.count == 3, "a document over the limit is parsed each time")
  }
}
