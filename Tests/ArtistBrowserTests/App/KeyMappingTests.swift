import TerminalUI
import Testing

@testable import ArtistBrowser

@Suite struct KeyMappingTests {
  @Test func printableKeysStayCharactersSoTheSearchFieldCanTypeThem() {
    #expect(KeyMapping.input(for: .character("q")) == .browser(.character("q")))
    #expect(KeyMapping.input(for: .character("/")) == .browser(.character("/")))
    #expect(KeyMapping.input(for: .character("é")) == .browser(.character("é")))
    #expect(KeyMapping.input(for: .character("東")) == .browser(.character("東")))
  }

  @Test func navigationKeysMapOneToOne() {
    let pairs: [(Key, BrowserKey)] = [
      (.enter, .enter), (.backspace, .backspace), (.escape, .escape), (.up, .up), (.down, .down),
      (.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .home), (.end, .end),
    ]
    for (key, expected) in pairs {
      #expect(KeyMapping.input(for: key) == .browser(expected), "\(key)")
    }
  }

  @Test func controlCQuitsWhateverTheSceneAndCtrlLRepaints() {
    #expect(KeyMapping.input(for: .controlC) == .quit)
    #expect(KeyMapping.input(for: .control("l")) == .repaint)
  }

  @Test func controlZSuspendsAndTheArrowsSidewaysMoveOnTheWall() {
    #expect(KeyMapping.input(for: .control("z")) == .suspend)
    #expect(KeyMapping.input(for: .left) == .browser(.left))
    #expect(KeyMapping.input(for: .right) == .browser(.right))
    // Tab switches the listener's, the tag's and the artist's lists.
    #expect(KeyMapping.input(for: .tab) == .browser(.tab))
  }

  @Test func resizeAsksForAFullRepaint() {
    #expect(KeyMapping.input(for: .resize) == .resize)
  }

  @Test func keysTheBrowserDoesNotUseAreIgnored() {
    for key: Key in [.delete, .control("d"), .unknown([0x1B, 0x5B, 0x32, 0x30, 0x7E])] {
      #expect(KeyMapping.input(for: key) == .ignored, "\(key)")
    }
  }

  @Test @MainActor func mappedKeysDriveTheNavigationStack() {
    // Given an empty stack, when "q" arrives from the terminal, then the app quits…
    let navigation = NavigationStack()
    guard case .browser(let quitKey) = KeyMapping.input(for: .character("q")) else {
      Issue.record("q did not map to a browser key")
      return
    }
    #expect(navigation.handle(quitKey) == .quit)
    // …and "?" opens the help instead.
    guard case .browser(let helpKey) = KeyMapping.input(for: .character("?")) else {
      Issue.record("? did not map to a browser key")
      return
    }
    #expect(navigation.handle(helpKey) == .handled)
    #expect(navigation.showsHelp)
  }
}

@Suite @MainActor struct SearchQuitTests {
  @Test func qQuitsFromSearchResultsButIsTextWhileTyping() async {
    // Given search results on the stack (browsing mode)…
    let navigation = NavigationStack()
    let services = BrowserServices(artists: InMemoryArtistsStore(), recentSearches: InMemoryRecentSearchesStore())
    let factory = SceneFactory(services: services, preferences: BrowserPreferences(), navigator: navigation)
    navigation.push(factory.makeTopArtists())
    let search = factory.makeSearch(query: "head")
    navigation.push(search)
    await search.waitForLoad()
    // …q reaches the app and quits.
    #expect(navigation.handle(.character("q")) == .quit)
    // After "/" the field takes keys as text again: q is typed, not a quit.
    #expect(navigation.handle(.character("/")) == .handled)
    #expect(navigation.handle(.character("q")) == .handled)
    #expect(search.query == "headq")
  }

  @Test func aPasteIsTextWithItsLineBreaksAsSpacesAndNoControls() {
    #expect(KeyMapping.pastedText("line one\nline two\r\nthree\tfour") == Array("line one line two three four"))
    #expect(KeyMapping.pastedText("a\u{1B}[31mb\u{7F}c\u{9B}") == Array("a[31mbc"))
    #expect(KeyMapping.input(for: .paste("q")) == .ignored)
  }

  @Test func aSearchFieldTakesTextAndAChartDoesNot() async {
    let navigation = NavigationStack()
    let services = BrowserServices(artists: InMemoryArtistsStore(), recentSearches: InMemoryRecentSearchesStore())
    let factory = SceneFactory(services: services, preferences: BrowserPreferences(), navigator: navigation)
    navigation.push(factory.makeTopArtists())
    #expect(navigation.top?.takesText == false)
    let search = factory.makeSearch(query: "")
    navigation.push(search)
    #expect(navigation.top?.takesText == true)
  }
}
