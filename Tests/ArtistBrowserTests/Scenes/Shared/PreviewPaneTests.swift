import Foundation
import TerminalGraphics
import TerminalUI
import Testing

@testable import ArtistBrowser

/// The preview pane beside the other artist lists: similar artists and search results.
@MainActor
@Suite struct PreviewPaneTests {
  func makeFactory(loader: GatedThumbnailLoader) -> SceneFactory {
    let services = BrowserServices(
      artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore(), thumbnailLoader: loader,
      thumbnailRenderer: LetterThumbnailRenderer(),
      picturePainter: BlockArtPicturePainter(renderer: LetterThumbnailRenderer()))
    return SceneFactory(services: services, preferences: BrowserPreferences(), navigator: NavigatorSpy())
  }

  /// What follows the list's 46 columns and the gap at 100 columns.
  static func pane(_ line: String) -> String {
    String(line.replacingOccurrences(of: "\u{1B}[0m", with: "").dropFirst(48)).trimmingCharacters(in: .whitespaces)
  }

  @Test func similarArtistsShowTheSelectedArtistsMatchBesideTheList() async {
    // Given Cher's similar artists, best match first, none with a picture of its own
    let loader = GatedThumbnailLoader()
    let sut = makeFactory(loader: loader).makeSimilarArtists(artistName: "Cher")
    sut.start()
    await sut.waitForLoad()
    // When drawn at 100 and at 99 columns
    let wide = sut.renderFrame(width: 100, height: 30).lines.map(Self.pane)
    let narrow = sut.renderFrame(width: 99, height: 30).lines
    // Then the pane names the selected artist and its match, with no picture to show; below 100 there is none
    #expect(wide.contains("Kylie Minogue"))
    #expect(wide.contains("100% match"))
    #expect(wide.contains("no picture"))
    #expect(!narrow.contains { $0.contains("no picture") || $0.contains("% match") })
    #expect(loader.requested.isEmpty)
  }

  @Test func searchResultsPreviewTheSelectedResultsPicture() async {
    // Given a search for Cher
    let loader = GatedThumbnailLoader()
    let sut = makeFactory(loader: loader).makeSearch(query: "cher")
    sut.start()
    await sut.waitForLoad()
    // When drawn wide
    let lines = sut.renderFrame(width: 100, height: 30).lines.map(Self.pane)
    // Then its picture is asked for, with a placeholder meanwhile, and its figures are under it
    await loader.waitUntil { requested, _ in !requested.isEmpty }
    #expect(loader.requested == [Seeds.cherURL])
    #expect(lines.contains("loading picture…"))
    #expect(lines.contains("Cher"))
    #expect(lines.contains("1.2M listeners"))
    // And the scene is settled (`--exit-after-first-frame`) only once the picture is in
    #expect(!sut.isSettled)
    loader.open()
    await sut.previewPicture?.waitUntilIdle()
    #expect(sut.isSettled)
  }
}
