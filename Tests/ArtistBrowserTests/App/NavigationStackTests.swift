import Foundation
import Testing

@testable import ArtistBrowser

/// The whole browser walked through the navigation stack against the in-memory catalog.
@MainActor
@Suite struct NavigationStackTests {
  func makeSUT(store: InMemoryArtistsStore = Seeds.store()) -> (NavigationStack, SceneFactory) {
    let sut = NavigationStack()
    let factory = SceneFactory(
      services: BrowserServices(artists: store, recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: sut)
    return (sut, factory)
  }

  func settle(_ sut: NavigationStack) async {
    await sut.top?.waitForLoad()
  }

  @Test func walksChartArtistAlbumAndBack() async {
    let (sut, factory) = makeSUT()
    sut.push(factory.makeTopArtists())
    await settle(sut)
    #expect(sut.render(width: 40, height: 6).last == "Last.fm".padding(toLength: 40, withPad: " ", startingAt: 0))

    #expect(sut.handle(.enter) == .handled)
    await settle(sut)
    #expect(sut.top is ArtistDetailViewController)
    #expect(sut.top?.title == "Cher")

    _ = sut.handle(.character("j"))
    _ = sut.handle(.enter)
    await settle(sut)
    #expect(sut.top?.plainLines().first == "Believe — Cher")

    _ = sut.handle(.backspace)
    _ = sut.handle(.character("h"))
    #expect(sut.scenes.count == 1)
    _ = sut.handle(.backspace)
    #expect(sut.scenes.count == 1)
  }

  @Test func similarArtistsThenAnUnknownArtistShowsTheErrorNotACrash() async {
    let (sut, factory) = makeSUT()
    sut.push(factory.makeArtistDetail(artistName: "Cher"))
    await settle(sut)
    _ = sut.handle(.character("m"))
    await settle(sut)
    #expect(
      sut.top?.plainLines() == ["Similar to Cher", "100% Kylie Minogue", " 87% Madonna", "  0% Dusty Springfield"])
    _ = sut.handle(.enter)
    await settle(sut)
    let lines = sut.render(width: 70, height: 6)
    #expect(lines[2].hasPrefix("Not found: “Kylie Minogue”."))
    #expect(sut.status.error == "Not found: “Kylie Minogue”.")
    #expect(lines[5].hasPrefix("Not found: “Kylie Minogue”."))
  }

  @Test func quitHelpAndStatusMessages() async {
    let (sut, factory) = makeSUT()
    sut.push(factory.makeTopArtists())
    await settle(sut)
    #expect(sut.handle(.character("?")) == .handled)
    #expect(sut.showsHelp)
    #expect(sut.render(width: 30, height: 4)[0].hasPrefix("Keys"))
    _ = sut.handle(.character("x"))
    #expect(!sut.showsHelp)
    sut.setStatus(StatusLine(error: "Copied."))
    #expect(sut.render(width: 20, height: 3).last == "Copied.".padding(toLength: 20, withPad: " ", startingAt: 0))
    _ = sut.handle(.character("j"))
    #expect(sut.status.text == "Last.fm")
    #expect(sut.handle(.character("q")) == .quit)
  }

  @Test func storeFailuresReachTheStatusLine() async {
    let store = Seeds.store()
    store.failure = .offlineNotCached
    let (sut, factory) = makeSUT(store: store)
    sut.push(factory.makeTopArtists())
    await settle(sut)
    let lines = sut.render(width: 80, height: 5)
    #expect(lines[2].hasPrefix("Offline and not cached yet."))
    #expect(lines[4].hasPrefix("Offline and not cached yet."))
    // r retries once the store is back
    store.failure = nil
    _ = sut.handle(.character("r"))
    await settle(sut)
    #expect(sut.top?.plainLines().count == 4)
    #expect(store.requests == ["topArtists page=1", "topArtists page=1 reload"])
  }

  @Test func searchFromTheChart() async {
    let (sut, factory) = makeSUT()
    sut.push(factory.makeTopArtists())
    await settle(sut)
    _ = sut.handle(.character("/"))
    for character in "cher" { _ = sut.handle(.character(character)) }
    #expect(sut.handle(.character("q")) == .handled)  // typed, not quit
    _ = sut.handle(.backspace)
    _ = sut.handle(.enter)
    await settle(sut)
    _ = sut.handle(.enter)
    await settle(sut)
    #expect(sut.top?.title == "Cher")
    #expect(sut.scenes.count == 3)
  }

  @Test func jsonSnapshotsDecode() async throws {
    let (sut, factory) = makeSUT()
    sut.push(factory.makeTopArtists())
    await settle(sut)
    let data = try #require(try sut.top?.jsonSnapshot())
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    #expect((object?["artists"] as? [Any])?.count == 3)
    #expect(object?["scene"] as? String == "chart")
  }
}
