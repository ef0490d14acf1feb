import Foundation
import Testing

@testable import ImageCache

@Suite struct CacheKeyTests {
  @Test func lastFMsCredentialsAreDroppedTheRestOfTheQueryStays() {
    let url = URL(string: "https://img.example/a/b.png?size=64&API_KEY=SECRET&token=t&api_sig=x&sig=s&sk=y#frag")!
    #expect(CredentialParameters.default.cacheKey(for: url) == "https://img.example/a/b.png?size=64&token=t&sig=s")
  }

  @Test func parametersConfiguredForAHostAreDroppedOnThatHostOnly() {
    let credentials = CredentialParameters(everyHost: ["api_key"], byHost: ["Signed.Example": ["SIG", "token"]])
    let signed = URL(string: "https://signed.example:8443/a.png?size=64&sig=s&Token=t&api_key=k")!
    let other = URL(string: "https://img.example/a.png?size=64&sig=s&token=t&api_key=k")!
    #expect(credentials.cacheKey(for: signed) == "https://signed.example:8443/a.png?size=64")
    #expect(credentials.cacheKey(for: other) == "https://img.example/a.png?size=64&sig=s&token=t")
  }

  @Test func aQueryOfOnlyCredentialsDisappears() {
    #expect(CredentialParameters.default.cacheKey(for: URL(string: "http://h/x.jpg?api_key=S")!) == "http://h/x.jpg")
  }

  @Test func userInfoIsDropped() {
    #expect(
      CredentialParameters.default.cacheKey(for: URL(string: "http://user:pw@h:8080/x.jpg?v=2")!)
        == "http://h:8080/x.jpg?v=2")
  }

  @Test func theScanFindsEachMarkAtEveryPositionAndNothingElse() {
    // Given strings of 0 to 40 bytes of every byte value but the three marks, and the same strings with one mark
    // at each position
    let ordinary = (UInt8(0)...UInt8(255)).filter { ![0x3F, 0x40, 0x23].contains($0) }
    var wrong: [[UInt8]] = []
    for length in 0...40 {
      let plain = (0..<length).map { ordinary[($0 &* 37 &+ length) % ordinary.count] }
      if containsMark(plain) { wrong.append(plain) }
      for position in 0..<length {
        for mark in [UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "#")] {
          var marked = plain
          marked[position] = mark
          if !containsMark(marked) { wrong.append(marked) }
        }
      }
    }
    // Then the scan agrees with a byte-by-byte search on every one, neighbours of the marks included
    #expect(wrong.count == 0, "first wrongly scanned: \(wrong.first ?? [])")
    #expect(!containsMark(Array("https://h/>A\"$/x.png\u{0}\u{1}\u{80}".utf8)))
  }

  private func containsMark(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer(CredentialParameters.containsQueryUserOrFragment)
  }

  @Test func urlsWithoutSecretsAreUnchanged() {
    let text = "http://127.0.0.1:4000/img/1.png?round=3&x=%20y"
    #expect(CredentialParameters.default.cacheKey(for: URL(string: text)!) == text)
  }

  @Test(arguments: [
    "https://lastfm.freetls.fastly.net/i/u/174s/2a96cbd8b46e442fc41c2b86b821562f.png",
    "http://127.0.0.1:47380/i/u/34s/abc.png",
    "http://[::1]:8080/a%20b/c%2Fd.jpg",
    "https://example.com/caf%C3%A9/%E6%9D%B1.png",
  ])
  func theFastPathGivesWhatParsingWouldGive(text: String) {
    // Keys written before the fast path existed must still be found.
    let url = URL(string: text)!
    let parsed = URLComponents(url: url, resolvingAgainstBaseURL: false)!.string!
    #expect(CredentialParameters.default.cacheKey(for: url) == parsed)
  }
}
