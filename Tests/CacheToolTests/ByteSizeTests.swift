import Testing

@testable import CacheTool

@Suite struct ByteSizeTests {
  @Test(arguments: [
    ("64MB", 64 << 20), ("1G", 1 << 30), ("512k", 512 << 10), ("1.5GiB", 3 << 29), ("100", 100), ("7 mb", 7 << 20),
  ])
  func parsesWhatPeopleType(text: String, bytes: Int) {
    #expect(ByteSize.parse(text) == bytes)
  }

  @Test(arguments: ["", "MB", "-5MB", "12XB", "1.2.3M"])
  func refusesNonsense(text: String) {
    #expect(ByteSize.parse(text) == nil)
  }

  @Test func formatsForHumans() {
    #expect(ByteSize.format(512) == "512 B")
    #expect(ByteSize.format(70 << 10) == "70.0 KB")
    #expect(ByteSize.format(300 << 20) == "300 MB")
  }

  @Test func urlListKeepsHTTPAndReportsTheRest() {
    let list = URLList.parse("http://a.test/1.png\n\n# comment\nftp://b.test/x\nhttps://c.test/2.jpg\nnot a url\n")
    #expect(list.urls.map(\.absoluteString) == ["http://a.test/1.png", "https://c.test/2.jpg"])
    #expect(list.invalid == ["ftp://b.test/x", "not a url"])
  }
}
