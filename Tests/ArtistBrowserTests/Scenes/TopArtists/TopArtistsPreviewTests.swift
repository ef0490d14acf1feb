import Foundation
import ImageCache
import TerminalGraphics
import TerminalUI
import Testing

@testable import ArtistBrowser

/// The preview pane beside the chart, wired for real (in-memory store) with a gated picture loader.
@MainActor
@Suite(.timeLimit(.minutes(20))) struct TopArtistsPreviewTests {
  static let height = 30
  /// 30 rows: 2 header lines and a footer leave 27 for the list and the pane; the pane keeps 4 for the facts.
  static let pictureRows = 23

  func makeSUT(painter: any PicturePainting = BlockArtPicturePainter(renderer: LetterThumbnailRenderer())) async
    -> (TopArtistsViewController, GatedThumbnailLoader)
  {
    let loader = GatedThumbnailLoader()
    var cher = Seeds.cher
    cher.rank = 4
    let services = BrowserServices(
      artists: Seeds.store(chart: Seeds.chart(3) + [cher]), recentSearches: InMemoryRecentSearchesStore(),
      thumbnailLoader: loader, thumbnailRenderer: LetterThumbnailRenderer(), picturePainter: painter)
    let factory = SceneFactory(services: services, preferences: BrowserPreferences(), navigator: NavigatorSpy())
    let sut = factory.makeTopArtists()
    sut.start()
    await sut.waitForLoad()
    return (sut, loader)
  }

  @Test func below100ColumnsTheChartKeepsTheWholeScreen() async {
    // Given
    let (sut, loader) = await makeSUT()
    // When
    let frame = sut.renderFrame(width: 99, height: Self.height)
    // Then no pane, no picture asked for
    #expect(frame.lines.allSatisfy { TerminalText.displayWidth($0) == 99 })
    #expect(!frame.lines.contains { $0.contains("loading picture") })
    #expect(frame.lines[2].hasPrefix(">   1. Artist 1 "))
    #expect(frame.pictures.isEmpty)
    #expect(loader.requested.isEmpty)
  }

  @Test func from100ColumnsThePaneShowsThePlaceholderThenTheSelectedRowsPicture() async {
    // Given
    let (sut, loader) = await makeSUT()
    // When
    let before = sut.renderFrame(width: 100, height: Self.height).lines
    // Then the list keeps 46 columns, the pane starts after a 2-column gap with a placeholder in its box
    #expect(before.allSatisfy { TerminalText.displayWidth($0) == 100 })
    let paneRow = before[2 + Self.pictureRows / 2]
    #expect(Self.pane(paneRow).hasPrefix(String(repeating: " ", count: 15) + "loading picture…"))
    await loader.waitUntil { requested, _ in !requested.isEmpty }
    #expect(loader.requested == [Seeds.chart(1)[0].imageURL!])
    // When the picture arrives
    loader.open()
    await sut.previewPicture?.waitUntilIdle()
    await sut.waitForPreview()
    let after = sut.renderFrame(width: 100, height: Self.height).lines
    // Then it fills a 46×23 box (a square picture on cells twice as tall as wide), the facts under it
    for row in 2..<(2 + Self.pictureRows) {
      #expect(Self.pane(after[row]) == String(repeating: "#", count: 46) + "      ")
    }
    #expect(Self.pane(after[2 + Self.pictureRows]).trimmingCharacters(in: .whitespaces).isEmpty)
    #expect(Self.pane(after[3 + Self.pictureRows]).hasPrefix("Artist 1 "))
    #expect(Self.pane(after[4 + Self.pictureRows]).hasPrefix("1M listeners "))
  }

  /// `--exit-after-first-frame` waits for the pane too: its picture and the selected artist's details.
  @Test func settlesOnlyOnceThePanesPictureAndDetailsAreIn() async {
    // Given the pane's picture asked for
    let (sut, loader) = await makeSUT()
    _ = sut.renderFrame(width: 100, height: Self.height)
    await loader.waitUntil { requested, _ in !requested.isEmpty }
    // Then the scene is not settled
    #expect(!sut.isSettled)
    // When the picture and the details arrive
    loader.open()
    await sut.previewPicture?.waitUntilIdle()
    await sut.waitForPreview()
    // Then it is, and the frame drawn now has both
    #expect(sut.isSettled)
    let frame = sut.renderFrame(width: 100, height: Self.height).lines
    #expect(Self.pane(frame[2]).hasPrefix("###"))
    #expect(Self.pane(frame[3 + Self.pictureRows]).hasPrefix("Artist 1 "))
  }

  @Test func movingTheCursorCancelsTheLoadAndAsksForTheNewRowsPicture() async {
    // Given the first row's picture loading
    let (sut, loader) = await makeSUT()
    let urls = Seeds.chart(3).compactMap(\.imageURL)
    _ = sut.renderFrame(width: 140, height: 40)
    // When the cursor moves on before it arrives
    _ = sut.handle(.character("j"))
    _ = sut.renderFrame(width: 140, height: 40)
    await loader.waitUntil { requested, cancelled in requested.count == 2 && cancelled.count == 1 }
    // Then that load is cancelled and the second row's picture asked for
    #expect(loader.cancelled == [urls[0]])
    #expect(loader.requested == [urls[0], urls[1]])
    #expect(sut.previewPicture?.pendingURL == urls[1])
    loader.open()
    await sut.previewPicture?.waitUntilIdle()
  }

  @Test func goingBackToARowDrawsItsPictureFromMemory() async {
    // Given the first two rows' pictures seen
    let (sut, loader) = await makeSUT()
    loader.open()
    _ = sut.renderFrame(width: 140, height: 40)
    await sut.previewPicture?.waitUntilIdle()
    _ = sut.handle(.character("j"))
    _ = sut.renderFrame(width: 140, height: 40)
    await sut.previewPicture?.waitUntilIdle()
    // When going back to the first
    _ = sut.handle(.character("k"))
    let lines = sut.renderFrame(width: 140, height: 40).lines
    // Then it is drawn at once, without asking the loader again
    #expect(loader.requested.count == 2)
    #expect(sut.previewPicture?.pendingURL == nil)
    #expect(
      Self.pane(lines[2], listColumns: 56) == String(repeating: "#", count: 66) + String(repeating: " ", count: 16))
  }

  @Test func theSelectedArtistsFactsIncludeItsTags() async {
    // Given Cher (the fourth row), whose details carry tags
    let (sut, loader) = await makeSUT()
    loader.open()
    for _ in 0..<3 { _ = sut.handle(.character("j")) }
    // When the pane is drawn and the details arrive
    _ = sut.renderFrame(width: 120, height: Self.height)
    await sut.waitForPreview()
    let lines = sut.renderFrame(width: 120, height: Self.height).lines
    // Then the facts under the picture are the name, the figures and the tags
    let facts = lines.map { Self.pane($0, listColumns: 48).trimmingCharacters(in: .whitespaces) }
    #expect(facts.contains("Cher"))
    #expect(facts.contains("1.2M listeners · 45.7M plays"))
    #expect(facts.contains("pop, dance, 80s"))
  }

  @Test func aProtocolPictureIsPlacedOverBlankCellsOfThePane() async {
    // Given a painter that places pictures (a graphics protocol)
    let (sut, loader) = await makeSUT(painter: PlacingPainter())
    loader.open()
    _ = sut.renderFrame(width: 140, height: 40)
    await sut.previewPicture?.waitUntilIdle()
    // When
    let frame = sut.renderFrame(width: 140, height: 40)
    // Then the box is blank and the placement covers it: 140 columns keep 56 for the list; 40 rows give 37 to
    // the body, 33 of them to the picture
    let url = Seeds.chart(1)[0].imageURL!
    #expect(frame.pictures.map(\.rect) == [CellRect(row: 2, column: 58, columns: 66, rows: 33)])
    #expect(frame.pictures.map(\.id) == [PictureID.preview])
    #expect(frame.pictures.first?.contentKey == "\(url.absoluteString) 66x33")
    #expect(frame.lines[2].hasSuffix(String(repeating: " ", count: 82)))
  }

  /// The pane's part of a line, after a list of `listColumns` (46 at 100 columns) and the gap.
  static func pane(_ line: String, listColumns: Int = 46) -> String {
    String(line.replacingOccurrences(of: "\u{1B}[0m", with: "").dropFirst(listColumns + 2))
  }
}

/// Paints every picture as a placement whose bytes name its size.
struct PlacingPainter: PicturePainting {
  var eraseAll: [UInt8] { Array("<erase all>".utf8) }

  func paint(_ bitmap: ImageBitmap, columns: Int, rows: Int, id: UInt32) -> PaintedPicture {
    .placed(PictureDrawing(erase: Array("<erase \(id)>".utf8)) { Array("<picture \(columns)x\(rows)>".utf8) })
  }
}
