import Testing

@testable import ScrobbleArchive

/// A demo archive's covers name the demo server its sync read; a demo session asks its own demo server for them,
/// and nothing else an archive holds is ever redirected.
@Suite struct ArchivedCoverAddressTests {
  static let synced = "http://127.0.0.1:33933/i/u/300x300/04271aefecb3dd09bb86e1378c3335fd.png"
  let sut = ArchivedCoverAddress(demoOrigin: "http://127.0.0.1:47380")

  @Test func aDemoCoverOfAnyPortIsAskedOfThisSessionsDemoServer() {
    #expect(sut.fetchAddress(Self.synced) == "http://127.0.0.1:47380/i/u/300x300/04271aefecb3dd09bb86e1378c3335fd.png")
    #expect(sut.fetchAddress("http://127.0.0.1/i/u/174s/a.png") == "http://127.0.0.1:47380/i/u/174s/a.png")
    // The session's own server's covers stay where they are.
    #expect(sut.fetchAddress("http://127.0.0.1:47380/i/u/64s/b.png") == "http://127.0.0.1:47380/i/u/64s/b.png")
  }

  @Test func withoutADemoServerEveryAddressIsKeptAsStored() {
    let live = ArchivedCoverAddress(demoOrigin: nil)
    #expect(live.fetchAddress(Self.synced) == Self.synced)
    #expect(
      live.fetchAddress("https://lastfm.freetls.fastly.net/i/u/300x300/a.png")
        == "https://lastfm.freetls.fastly.net/i/u/300x300/a.png")
  }

  @Test(arguments: [
    "https://lastfm.freetls.fastly.net/i/u/300x300/04271aefecb3dd09bb86e1378c3335fd.png",
    "https://127.0.0.1:33933/i/u/300x300/a.png",
    "http://127.0.0.2:33933/i/u/300x300/a.png",
    "http://localhost:33933/i/u/300x300/a.png",
    "http://lastfm.freetls.fastly.net/i/u/300x300/a.png",
    "http://127.0.0.1:33933/other/a.png",
    "http://127.0.0.1:33933/i/x/a.png",
    "http://127.0.0.1:33933/2.0/?method=user.getinfo",
    "http://127.0.0.1:33933/i/u/300x300/a.png?x=1",
    "http://127.0.0.1:33933/i/u/300x300/a.png#top",
    "http://me@127.0.0.1:33933/i/u/300x300/a.png",
    "http://127.0.0.1:33933/i/u%2F..%2F2.0/a.png",
    "file:///i/u/a.png",
    "127.0.0.1:33933/i/u/a.png",
    "",
    "not a url",
  ])
  func anyOtherAddressIsKeptAsStored(_ stored: String) {
    #expect(sut.fetchAddress(stored) == stored)
  }
}
