import Foundation
import TerminalUI
import Testing

@testable import ArtistBrowser

/// The search scene wired for real against the in-memory stores.
@MainActor
@Suite struct SearchViewControllerTests {
  func makeSUT(recent: [String] = ["Cher", "Coldplay"]) -> (
    SearchViewController, NavigatorSpy, InMemoryRecentSearchesStore
  ) {
    let navigator = NavigatorSpy()
    let recents = InMemoryRecentSearchesStore(recent)
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: recents), preferences: BrowserPreferences(),
      navigator: navigator)
    return (factory.makeSearch(), navigator, recents)
  }

  func type(_ text: String, into sut: SearchViewController) {
    for character in text { _ = sut.handle(.character(character)) }
  }

  @Test func emptyQueryOffersRecentSearches() async {
    let (sut, _, _) = makeSUT()
    sut.start()
    await sut.waitForLoad()
    let lines = sut.render(width: 30, height: 7).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines[0] == "Search: ▏")
    #expect(lines[2] == "Recent searches")
    #expect(lines[3] == "Cher")
    #expect(lines[4] == "Coldplay")
  }

  @Test func typingFiltersSuggestionsAndQIsText() async {
    let (sut, _, _) = makeSUT()
    sut.start()
    type("co", into: sut)
    await sut.waitForLoad()
    #expect(sut.suggestions.suggestions == ["Coldplay"])
    #expect(sut.handle(.character("q")))
    #expect(sut.query == "coq")
    _ = sut.handle(.backspace)
    #expect(sut.query == "co")
  }

  @Test func enterSearchesShowsResultsAndRemembersTheQuery() async throws {
    let (sut, navigator, recents) = makeSUT()
    sut.start()
    type("b", into: sut)
    _ = sut.handle(.enter)
    await sut.waitForLoad()
    #expect(sut.mode == .browsing)
    #expect(sut.showsResults)
    let lines = sut.render(width: 60, height: 7).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines[0] == "Search: b")
    #expect(lines[2] == "Artists matching “b” · sort: rank")
    #expect(lines[3].hasPrefix("> abba"))
    #expect(lines[4].hasPrefix("Björk"))
    #expect(try await recents.recentSearches() == ["b", "Cher", "Coldplay"])
    // When sorting by listeners (abba 12.3K, Björk 987)…
    _ = sut.handle(.character("s"))
    _ = sut.handle(.character("s"))
    #expect(sut.results?.sortLabel == "sort: listeners")
    #expect(sut.results?.rows.map(\.name) == ["abba", "Björk"])
    // …and opening the second result
    _ = sut.handle(.character("j"))
    _ = sut.handle(.enter)
    #expect((navigator.pushed.first as? ArtistDetailViewController)?.router?.dataStore?.artistName == "Björk")
  }

  @Test func pickingASuggestionSearchesIt() async {
    let (sut, _, _) = makeSUT()
    sut.start()
    await sut.waitForLoad()
    _ = sut.handle(.down)
    _ = sut.handle(.character("j"))
    _ = sut.handle(.enter)
    await sut.waitForLoad()
    #expect(sut.query == "Coldplay")
    #expect(sut.results?.emptyMessage == "No artists match “Coldplay”.")
    #expect(sut.plainLines() == ["Artists matching “Coldplay” · sort: rank", "No artists match “Coldplay”."])
  }

  @Test func slashReturnsToTypingAndBackspaceOnEmptyLeaves() async {
    let (sut, navigator, _) = makeSUT()
    sut.start()
    type("cher", into: sut)
    _ = sut.handle(.enter)
    await sut.waitForLoad()
    _ = sut.handle(.character("/"))
    #expect(sut.mode == .typing)
    for _ in 0..<4 { _ = sut.handle(.backspace) }
    #expect(!navigator.popCalled)
    _ = sut.handle(.backspace)
    #expect(navigator.popCalled)
  }

  @Test func openedWithAQuerySearchesAtOnce() async {
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: BrowserPreferences(), navigator: NavigatorSpy())
    let sut = factory.makeSearch(query: "cher")
    var redrawsLoading: [Bool] = []
    sut.onNeedsDisplay = { [unowned sut] in redrawsLoading.append(sut.status.isLoading) }
    sut.start()
    // The status line says "loading" at once, not only when the answer is in.
    #expect(redrawsLoading.first == true)
    #expect(sut.status.isLoading)
    await sut.waitForLoad()
    #expect(!sut.status.isLoading)
    #expect(redrawsLoading.last == false)
    #expect(sut.plainLines() == ["Artists matching “cher” · sort: rank", "  Cher — 1.2M listeners"])
  }

  @Test func thumbnailsToggleFromTheResultsList() async {
    let preferences = BrowserPreferences(showsThumbnails: false)
    let factory = SceneFactory(
      services: BrowserServices(artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore()),
      preferences: preferences, navigator: NavigatorSpy())
    let sut = factory.makeSearch(query: "b")
    sut.start()
    await sut.waitForLoad()
    #expect(sut.mode == .browsing)
    #expect(sut.handle(.character("t")))
    #expect(preferences.showsThumbnails)
    _ = sut.handle(.character("t"))
    #expect(!preferences.showsThumbnails)
  }

  @Test func aPasteOfAHundredThousandCharactersKeepsTheLimitAndAsksForFewRedraws() async {
    // Given the search field
    let (sut, navigator, _) = makeSUT()
    sut.start()
    await sut.waitForLoad()
    var redraws = 0
    sut.onNeedsDisplay = { redraws += 1 }
    // When 100,000 characters arrive, key by key, as a paste does
    let paste = String(repeating: "Sigur Rós ", count: 10_000)
    for scalar in paste.unicodeScalars { _ = sut.handle(.character(Character(scalar))) }
    // Then the field holds its limit, and only the keys that changed it asked for a redraw
    #expect(sut.query.unicodeScalars.count == PromptText.defaultLimit)
    #expect(sut.query.hasPrefix("Sigur Rós Sigur"))
    #expect(redraws <= PromptText.defaultLimit)
    await sut.waitForLoad()
    // And the field shows the end of the query, where typing goes on, within the screen's width
    let field = sut.render(width: 40, height: 7)[0]
    #expect(field.hasPrefix("Search: … Rós Sigur Rós"))
    #expect(field.trimmingCharacters(in: .whitespaces).hasSuffix("Rós Sigur▏"))
    #expect(TerminalText.displayWidth(field) == 40)
    // And Esc still leaves at once
    _ = sut.handle(.escape)
    #expect(navigator.popCalled)
  }
}
