import Foundation
import ImageCache
import TerminalUI
import Testing

@testable import ArtistBrowser

/// The wall over real scenes (in-memory store, a gated loader, letter "pictures"): toggling, moving, opening and
/// coming back, paging, loading priorities and failures.
@MainActor
@Suite(.timeLimit(.minutes(20))) struct WallSceneTests {
  @MainActor struct Session {
    let navigation: NavigationStack
    let factory: SceneFactory
    let loader: any ThumbnailLoading
    var chart: TopArtistsViewController { navigation.scenes[0] as! TopArtistsViewController }
  }

  func makeSession(
    chart: [ArtistSummary], showsWall: Bool = true, loader: any ThumbnailLoading = GatedThumbnailLoader()
  ) async -> Session {
    let navigation = NavigationStack()
    let services = BrowserServices(
      artists: Seeds.store(chart: chart), recentSearches: InMemoryRecentSearchesStore(), thumbnailLoader: loader,
      thumbnailRenderer: LetterThumbnailRenderer(), thumbnailSize: ThumbnailSize(columns: 3, rows: 1))
    let factory = SceneFactory(
      services: services, preferences: BrowserPreferences(showsWall: showsWall), navigator: navigation)
    navigation.push(factory.makeTopArtists())
    await navigation.top?.waitForLoad()
    return Session(navigation: navigation, factory: factory, loader: loader)
  }

  /// Screen rows of the tile frame's top-left corner (the selected tile's), e.g. [(row, column)].
  func selectedCorner(_ lines: [String]) -> (row: Int, column: Int)? {
    for (row, line) in lines.enumerated() {
      if let index = line.firstIndex(of: "┌") {
        return (row, TerminalText.displayWidth(String(line[..<index])))
      }
    }
    return nil
  }

  @Test func theChartAsAWallFramesTheSelectedTileAndReversesItsCaption() async {
    // Given the chart as a wall at 80 × 30 (medium tiles: 4 a row, 20 columns each)
    let session = await makeSession(chart: Seeds.chart(12))
    (session.loader as? GatedThumbnailLoader)?.open()
    _ = session.navigation.render(width: 80, height: 30)
    await session.chart.waitForThumbnails()
    // When
    let lines = session.navigation.render(width: 80, height: 30)
    // Then the first tile is framed, its picture inside, its caption reversed under it
    #expect(selectedCorner(lines)! == (2, 0))
    #expect(
      lines[3].hasPrefix("│" + String(repeating: "#", count: 18) + "\u{1B}[0m│ " + String(repeating: "#", count: 18)))
    #expect(lines[13].hasPrefix("\u{1B}[7m Artist 1"))
    #expect(lines[14].contains("1M listeners"))
    #expect(lines.last!.contains("1 / 12"))
  }

  @Test func lMovesTheMarkAndTheStatusLineSaysWhere() async {
    // Given
    let session = await makeSession(chart: Seeds.chart(12))
    _ = session.navigation.render(width: 80, height: 30)
    // When
    _ = session.navigation.handle(.character("l"))
    let lines = session.navigation.render(width: 80, height: 30)
    // Then the frame is around the second tile and the list's selection followed
    #expect(selectedCorner(lines)! == (2, 20))
    #expect(session.chart.viewport.selection == 1)
    #expect(lines.last!.contains("2 / 12"))
    // When moving down a row and left past the start of it
    _ = session.navigation.handle(.down)
    _ = session.navigation.handle(.left)
    _ = session.navigation.handle(.left)
    #expect(session.chart.viewport.selection == 3)
  }

  @Test func wTogglesListAndWallAndTheChoiceHoldsInTheNextScene() async {
    // Given the chart as a list
    let session = await makeSession(chart: [Seeds.cher, Seeds.abba], showsWall: false)
    let list = session.navigation.render(width: 80, height: 30)
    #expect(list[2].hasPrefix(">") && list[2].contains("1. Cher"))
    // When w
    _ = session.navigation.handle(.character("w"))
    // Then a wall, and the artist opened from it shows its albums as a wall too
    #expect(selectedCorner(session.navigation.render(width: 80, height: 30)) != nil)
    _ = session.navigation.handle(.enter)
    await session.navigation.top?.waitForLoad()
    let artist = session.navigation.render(width: 80, height: 30)
    #expect(session.navigation.top is ArtistDetailViewController)
    #expect(artist[2].hasPrefix("┌"))
    #expect(artist.contains { $0.contains("Believe") })
    // When w again: the artist's list
    _ = session.navigation.handle(.character("w"))
    #expect(session.navigation.render(width: 80, height: 30).contains { $0.hasPrefix("> Similar artists →") })
  }

  @Test func enterOpensTheTileAndBackspaceReturnsToTheSameTile() async {
    // Given the wall with the third tile selected
    let session = await makeSession(chart: [Seeds.abba, Seeds.bjork, Seeds.cher])
    _ = session.navigation.render(width: 80, height: 30)
    _ = session.navigation.handle(.character("l"))
    _ = session.navigation.handle(.character("l"))
    // When Enter
    _ = session.navigation.handle(.enter)
    await session.navigation.top?.waitForLoad()
    // Then the third by rank: Björk's page
    #expect((session.navigation.top as? ArtistDetailViewController)?.title == "Björk")
    // When Backspace
    _ = session.navigation.handle(.backspace)
    // Then back on the wall at the same tile
    let lines = session.navigation.render(width: 80, height: 30)
    #expect(session.navigation.scenes.count == 1)
    #expect(selectedCorner(lines)! == (2, 40))
    #expect(lines.last!.contains("3 / 3"))
  }

  @Test func anArtistsAlbumsOpenFromTheirTiles() async {
    // Given Cher's page as a wall (the "Similar artists" row stays out of it)
    let session = await makeSession(chart: [Seeds.cher])
    _ = session.navigation.handle(.enter)
    await session.navigation.top?.waitForLoad()
    let artist = session.navigation.top as! ArtistDetailViewController
    _ = session.navigation.render(width: 80, height: 30)
    #expect(artist.viewport.selection == 0)
    // When l then Enter
    _ = session.navigation.handle(.character("l"))
    _ = session.navigation.handle(.enter)
    // Then the second album's page
    #expect(session.navigation.top is AlbumDetailViewController)
    #expect(session.navigation.top?.title.contains("Closer to the Truth") == true)
  }

  @Test func reachingTheEndLoadsTheNextPage() async {
    // Given a chart of 120 artists, 50 a page
    let session = await makeSession(chart: Seeds.chart(120))
    _ = session.navigation.render(width: 80, height: 30)
    #expect(session.chart.viewport.count == 50)
    // When G
    _ = session.navigation.handle(.character("G"))
    await session.chart.waitForLoad()
    // Then the next page came in and the cursor stayed on its tile
    #expect(session.chart.viewport.count == 100)
    #expect(session.chart.viewport.selection == 49)
    #expect(session.navigation.render(width: 80, height: 30).last!.contains("50 / 100"))
  }

  @Test func plusAndMinusChangeTheTileSize() async {
    // Given medium tiles: 4 a row at 80 columns
    let session = await makeSession(chart: Seeds.chart(12))
    _ = session.navigation.render(width: 80, height: 30)
    _ = session.navigation.handle(.character("l"))
    // When +
    _ = session.navigation.handle(.character("+"))
    // Then large tiles, 28 columns: the second tile's frame starts at column 28
    #expect(selectedCorner(session.navigation.render(width: 80, height: 30))! == (2, 28))
    // When - twice: small tiles of 14 columns
    _ = session.navigation.handle(.character("-"))
    _ = session.navigation.handle(.character("-"))
    #expect(selectedCorner(session.navigation.render(width: 80, height: 30))! == (2, 14))
    #expect(session.factory.preferences.wallTileSize == .small)
  }

  @Test func tilesOnScreenLoadFirstTheNextScreenAtLowPriorityAndScrolledAwayLoadsAreCancelled() async {
    // Given 40 artists; at 80 × 30, medium tiles: 4 a row, 2 rows (8 tiles) on screen
    let loader = GatedThumbnailLoader()
    let session = await makeSession(chart: Seeds.chart(40), loader: loader)
    let urls = Seeds.chart(40).compactMap(\.imageURL)
    // When drawn
    _ = session.navigation.render(width: 80, height: 30)
    await loader.waitUntil { requested, _ in requested.count == 16 }
    // Then the 8 on screen at high priority, the next 8 at low
    #expect(Set(loader.requested) == Set(urls[0..<16]))
    #expect(urls[0..<8].allSatisfy { loader.priorities[$0] == .high })
    #expect(urls[8..<16].allSatisfy { loader.priorities[$0] == .low })
    // When jumping to the last tiles
    _ = session.navigation.handle(.character("G"))
    _ = session.navigation.render(width: 80, height: 30)
    await loader.waitUntil { _, cancelled in cancelled.count == 16 }
    // Then nothing from the first two screens is still wanted
    #expect(Set(loader.cancelled) == Set(urls[0..<16]))
    loader.open()
    await session.chart.waitForThumbnails()
  }

  @Test func failedCoversShowTheFailureMarkAndTheStatusLineSaysSoOnce() async {
    // Given two covers that fail
    let chart = Seeds.chart(4)
    let broken = Set(chart.prefix(2).compactMap(\.imageURL))
    let session = await makeSession(chart: chart, loader: FailingThumbnailLoader(failing: broken))
    // When drawn and loaded
    _ = session.navigation.render(width: 80, height: 30)
    await session.chart.waitForThumbnails()
    let lines = session.navigation.render(width: 80, height: 30)
    // Then the broken tiles show the failure mark (not the dots of a cover still loading), the others their
    // picture, and one note counts them
    #expect(lines[3 + 4].hasPrefix("│" + String(repeating: " ", count: 8) + ThumbnailSlots.failureMark + " "))
    #expect(!lines.contains { $0.contains("··") })
    #expect(lines[3].contains(String(repeating: "#", count: 18)))
    #expect(lines.last!.contains("2 covers could not be loaded"))
    #expect(lines.last!.components(separatedBy: "could not be loaded").count == 2)
  }
}

/// Answers with a 1 × 1 picture, except for `failing`, which fail as a broken image would.
struct FailingThumbnailLoader: ThumbnailLoading {
  struct Broken: Error {}
  let failing: Set<URL>

  func thumbnail(for url: URL) async throws -> ImageBitmap {
    if failing.contains(url) { throw Broken() }
    return ImageBitmap(width: 1, height: 1, pixels: [255, 0, 0, 255])
  }
}
