import Foundation
import Testing

@_spi(Benchmarks) @testable import ArtistBrowser

@Suite @MainActor struct TextOutputTests {
  func run(
    _ entry: EntryScene, format: OutputMode = .plain, notice: String? = nil,
    store: InMemoryArtistsStore = InMemoryArtistsStore(), limit: Int? = nil
  ) async -> TextOutput.Result {
    let navigation = NavigationStack()
    let services = BrowserServices(
      artists: ConfiguredArtistsStore(base: store, limit: limit), recentSearches: InMemoryRecentSearchesStore())
    let factory = SceneFactory(services: services, preferences: BrowserPreferences(), navigator: navigation)
    let scene = EntrySceneBuilder.scene(for: entry, factory: factory)
    return await TextOutput.produce(scene: scene, navigation: navigation, format: format, notice: notice)
  }

  @Test func theChartPrintsOneLinePerArtistWithTheNoticeOnStderr() async {
    let result = await run(.topArtists, notice: "demo catalog (no LASTFM_API_KEY set)", limit: 3)
    #expect(result.exitCode == 0)
    #expect(result.standardError == ["demo catalog (no LASTFM_API_KEY set)"])
    #expect(
      result.standardOutput == """
        Top artists · sort: rank
          1. Radiohead — 7.4M listeners
          2. Björk — 2.3M listeners
          3. Portishead — 2M listeners

        """)
  }

  @Test func anArtistListsItsAlbums() async {
    let result = await run(.artist("radiohead"))
    #expect(result.exitCode == 0)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first == "Radiohead")
    #expect(lines.suffix(3) == ["Top albums:", "  1. OK Computer — 98.8M plays", "  2. In Rainbows — 76.5M plays"])
  }

  @Test func anUnknownArtistIsOneErrorLineWithSuggestionsAndExitCodeOne() async {
    let result = await run(.artist("Rodiohead"))
    #expect(result.exitCode == 1)
    #expect(result.standardOutput == "")
    #expect(result.standardError == ["Not found: “Rodiohead”. Did you mean: Radiohead?"])
  }

  @Test func anErrorKeepsItsWholeReasonAfterTheNotice() async {
    // Given a store failing with a long reason, as an HTML page instead of JSON gives
    let reason =
      "unexpected answer from Last.fm: chart.getTopArtists answer is not JSON (text/html; charset=utf-8): "
      + "\"<!DOCTYPE html> <html lang=en> <head><title>502 Bad Gateway</title>…\""
    let store = InMemoryArtistsStore()
    store.failure = .unexpected(reason)
    // When the chart is printed
    let result = await run(.topArtists, notice: "demo catalog (--demo)", store: store)
    // Then stderr has the notice, then the message with every word of the reason
    #expect(result.exitCode == 1)
    #expect(result.standardOutput == "")
    #expect(result.standardError == ["demo catalog (--demo)", "Something went wrong: " + reason])
  }

  @Test func jsonIsOneDocumentOnStdoutWithTheNoticeOnStderr() async throws {
    let result = await run(.search("head"), format: .json, notice: "demo catalog (--demo)")
    #expect(result.exitCode == 0)
    #expect(result.standardError == ["demo catalog (--demo)"])
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    #expect(object?["query"] as? String == "head")
    let artists = object?["artists"] as? [[String: Any]]
    #expect(artists?.compactMap { $0["name"] as? String } == ["Radiohead", "Portishead"])
  }

  @Test func controlCharactersFromTheAPINeverReachTheOutput() async {
    var catalog = InMemoryArtistsStore.Catalog()
    catalog.chart = [ArtistSummary(rank: 1, name: "Evil\u{1B}]0;title\u{07}\u{1B}[2J Band\r\nTwo", listeners: 5)]
    let result = await run(.topArtists, store: InMemoryArtistsStore(catalog: catalog))
    #expect(result.standardOutput == "Top artists · sort: rank\n  1. Evil Band Two — 5 listeners\n")
    #expect(!result.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func aPrintoutDoesNotTellYouToPressKeys() {
    #expect(
      TextOutput.forPrintout("Network failed: could not resolve host. Press r to retry.")
        == "Network failed: could not resolve host. Run again to retry.")
    #expect(
      TextOutput.forPrintout("Offline and not cached yet. Press r to retry when online.")
        == "Offline and not cached yet. Run again when online.")
  }

  @Test func oneLineJoinsLinesAndStripsEscapes() {
    #expect(TextOutput.oneLine("a\nb\u{1B}[31mc\u{07}") == "a bc")
  }
}

@Suite struct ConfiguredArtistsStoreTests {
  @Test func theLimitCapsEveryListAndPageSize() async throws {
    let base = InMemoryArtistsStore()
    let store = ConfiguredArtistsStore(base: base, limit: 2)
    let chart = try await store.topArtists(page: 1, limit: 50, policy: .useCache)
    #expect(chart.value.items.map(\.name) == ["Radiohead", "Björk"])
    #expect(chart.value.totalPages == 3)
    let similar = try await store.similarArtists(artist: "Radiohead", limit: 50, policy: .useCache)
    #expect(similar.value.map(\.name) == ["Thom Yorke", "Portishead"])
    let albums = try await store.topAlbums(artist: "Radiohead", policy: .useCache)
    #expect(albums.value.map(\.name) == ["OK Computer", "In Rainbows"])
    let search = try await store.searchArtists(query: "head", page: 1, limit: 30, policy: .useCache)
    #expect(search.value.items.count == 2)
  }

  @Test func aSmallerRequestThanTheLimitIsLeftAlone() async throws {
    let store = ConfiguredArtistsStore(base: InMemoryArtistsStore(), limit: 10)
    let chart = try await store.topArtists(page: 1, limit: 4, policy: .useCache)
    #expect(chart.value.items.count == 4)
  }

  @Test func refreshTurnsEveryReadIntoAReload() async throws {
    let base = InMemoryArtistsStore()
    let store = ConfiguredArtistsStore(base: base, alwaysReload: true)
    _ = try await store.topArtists(page: 1, limit: 5, policy: .useCache)
    _ = try await store.artistDetails(name: "Radiohead", policy: .useCache)
    _ = try await store.albumDetails(artist: "Radiohead", album: "OK Computer", policy: .useCache)
    #expect(
      base.requests == [
        "topArtists page=1 reload", "artistDetails Radiohead reload", "albumDetails Radiohead / OK Computer reload",
      ])
  }

  @Test func withoutOptionsPoliciesPassThrough() async throws {
    let base = InMemoryArtistsStore()
    let store = ConfiguredArtistsStore(base: base)
    _ = try await store.topArtists(page: 2, limit: 5, policy: .useCache)
    _ = try await store.topArtists(page: 1, limit: 5, policy: .reload)
    #expect(base.requests == ["topArtists page=2", "topArtists page=1 reload"])
  }
}
