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

  @Test func progressClock() {
    #expect(ProgressBar.clock(0) == "0:00")
    #expect(ProgressBar.clock(65.4) == "1:05")
    #expect(ProgressBar.clock(3601) == "60:01")
  }
}
