import Foundation
import Testing

@testable import CacheTool

@Suite struct URLListTests {
  @Test func urlListKeepsHTTPAndReportsTheRest() {
    let list = URLList.parse("http://a.test/1.png\n\n# comment\nftp://b.test/x\nhttps://c.test/2.jpg\nnot a url\n")
    #expect(list.urls.map(\.absoluteString) == ["http://a.test/1.png", "https://c.test/2.jpg"])
    #expect(list.invalid == ["ftp://b.test/x", "not a url"])
    // CRLF files, indentation and trailing blanks.
    let crlf = URLList.parse(
      "  http://a.test/1.png \r\n\t https://c.test/2.jpg\t\r\n \r\n  # indented comment\r\nx y \r\n")
    #expect(crlf.urls.map(\.absoluteString) == ["http://a.test/1.png", "https://c.test/2.jpg"])
    #expect(crlf.invalid == ["x y"])
  }

  @Test func unicodeWhiteSpaceAroundALineIsTrimmedToo() {
    // A no-break space (U+00A0) and an ideographic space (U+3000), as a copy from a web page brings them.
    let list = URLList.parse("\u{A0}http://a.test/1.png\u{3000}\n\u{A0} \u{A0}\n\u{3000}# comment\n é \n")
    #expect(list.urls.map(\.absoluteString) == ["http://a.test/1.png"])
    #expect(list.invalid == ["é"])
  }

  @Test func schemesAreComparedWithoutCaseAndNeedAHost() {
    let list = URLList.parse(
      "HTTP://a.test/1.png\nhTTpS://c.test/2.jpg\nhttpx://d.test/3\nhttps:/no-host\nmailto:a@b.test\nhttp\n")
    #expect(list.urls.count == 2)
    #expect(list.urls.map { $0.host } == ["a.test", "c.test"])
    #expect(list.invalid == ["httpx://d.test/3", "https:/no-host", "mailto:a@b.test", "http"])
  }

  @Test func linesEndAtCRAloneAndEmptyListsAreEmpty() {
    let list = URLList.parse("http://a.test/1.png\rhttps://c.test/2.jpg\r\r#x\rftp://e.test/4")
    #expect(list.urls.map(\.absoluteString) == ["http://a.test/1.png", "https://c.test/2.jpg"])
    #expect(list.invalid == ["ftp://e.test/4"])
    #expect(URLList.parse("").urls.isEmpty && URLList.parse("").invalid.isEmpty)
    #expect(URLList.parse("\n\r\n \t\n#").invalid.isEmpty)
  }

  @Test func aCommentStartsWithTheCharacterHashNotJustItsByte() {
    // `#` with a combining accent is one character that is not `#`: reported, not skipped as a comment.
    let list = URLList.parse("#\u{301}x\n#é comment\n#\n# http://a.test/1.png\n")
    #expect(list.urls.isEmpty)
    #expect(list.invalid == ["#\u{301}x"])
  }

  @Test func progressClock() {
    #expect(ProgressBar.clock(0) == "0:00")
    #expect(ProgressBar.clock(65.4) == "1:05")
    #expect(ProgressBar.clock(3601) == "60:01")
  }
}
