import Foundation
import ImageCache
import TerminalGraphics
import TerminalUI
import Testing

@testable import ArtistBrowser

/// The chart's preview pane drawn with the kitty protocol through the real renderer: what reaches the terminal
/// when a picture arrives, when nothing changed, when the cursor moves, and when the pane leaves.
@MainActor
@Suite struct GraphicsPicturesTests {
  static let kitty = GraphicsCapabilities(protocol: .kitty, cellSize: CellPixelSize(width: 10, height: 20))
  static let size = TerminalSize(columns: 120, rows: 30)
  /// 120 columns keep 48 for the list; the pane starts after the 2-column gap, on the first row under the header.
  static let paneOrigin = "\u{1B}[3;51H"

  @MainActor
  final class Screen {
    let output = RecordingOutput()
    lazy var renderer = ScreenRenderer(output: output)

    func draw(_ scene: any BrowserScene, size: TerminalSize = GraphicsPicturesTests.size) {
      let frame = scene.renderFrame(width: size.columns, height: size.rows - 1)
      renderer.render(FrameBuilder.frame(body: frame.lines, pictures: frame.pictures, status: "s", size: size))
    }
  }

  func makeSUT() async -> (TopArtistsViewController, GatedThumbnailLoader) {
    let loader = GatedThumbnailLoader()
    loader.open()
    let painter = SessionPictures.painter(for: Self.kitty, blockArt: LetterThumbnailRenderer())
    let services = BrowserServices(
      artists: Seeds.store(chart: Seeds.chart(3)), recentSearches: InMemoryRecentSearchesStore(),
      thumbnailLoader: loader, thumbnailRenderer: LetterThumbnailRenderer(), picturePainter: painter)
    let sut = SceneFactory(services: services, preferences: BrowserPreferences(), navigator: NavigatorSpy())
      .makeTopArtists()
    sut.start()
    await sut.waitForLoad()
    return (sut, loader)
  }

  @Test func thePaintersFollowTheCapabilities() {
    #expect(SessionPictures.painter(for: .nothing, blockArt: LetterThumbnailRenderer()) == nil)
    let blocks = SessionPictures.painter(for: .blocks(), blockArt: LetterThumbnailRenderer())
    let bitmap = ImageBitmap(width: 1, height: 1, pixels: [255, 0, 0, 255])
    guard case .text(let lines) = blocks?.paint(bitmap, columns: 2, rows: 1, id: 1) else {
      Issue.record("block art should be text")
      return
    }
    #expect(lines == ["##"])
    let kitty = SessionPictures.painter(for: Self.kitty, blockArt: nil)
    guard case .placed(let drawing) = kitty?.paint(bitmap, columns: 2, rows: 1, id: 7) else {
      Issue.record("kitty pictures should be placed")
      return
    }
    #expect(drawing.bytes.starts(with: Array("\u{1B}_G".utf8)))
    #expect(String(decoding: drawing.erase, as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
    #expect(String(decoding: kitty?.eraseAll ?? [], as: UTF8.self) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
  }

  @Test func aPictureIsSentOnceThenReplacedWhenTheCursorMovesAndErasedWhenThePaneLeaves() async {
    // Given the chart with the first artist's picture loading
    let (sut, _) = await makeSUT()
    let screen = Screen()
    screen.draw(sut)
    await sut.previewPicture?.waitUntilIdle()
    _ = screen.output.take()
    // When it arrives
    screen.draw(sut)
    // Then it is sent once, at the pane's top-left cell, with the preview's id
    let sent = screen.output.take()
    #expect(sent.components(separatedBy: Self.paneOrigin + "\u{1B}_G").count == 2)
    #expect(sent.contains("i=\(PictureID.preview)"))
    // When nothing changed
    screen.draw(sut)
    // Then nothing is written
    #expect(screen.output.take().isEmpty)
    // When the cursor moves to the next row and its picture arrives
    _ = sut.handle(.character("j"))
    screen.draw(sut)
    await sut.previewPicture?.waitUntilIdle()
    let placeholder = screen.output.take()
    screen.draw(sut)
    let replaced = screen.output.take()
    // Then the first picture was erased by id when the placeholder replaced it, and the second sent in its place
    let erase = "\u{1B}_Ga=d,d=I,i=\(PictureID.preview),q=2\u{1B}\\"
    #expect(placeholder.hasPrefix(erase))
    #expect(!placeholder.contains("\u{1B}_Ga=T"))
    #expect(replaced.components(separatedBy: Self.paneOrigin + "\u{1B}_G").count == 2)
    // When the screen narrows below 100 columns (the pane leaves)
    screen.draw(sut, size: TerminalSize(columns: 80, rows: 30))
    // Then the picture is erased before the screen is cleared, and no picture is sent
    let narrow = screen.output.take()
    #expect(narrow.hasPrefix(erase + "\u{1B}[0m\u{1B}[2J"))
    #expect(!narrow.contains("\u{1B}_Ga=T"))
  }

  @Test func quittingErasesEveryPicture() async {
    let (sut, _) = await makeSUT()
    let screen = Screen()
    screen.draw(sut)
    await sut.previewPicture?.waitUntilIdle()
    screen.draw(sut)
    _ = screen.output.take()
    screen.renderer.removePictures()
    #expect(screen.output.take() == "\u{1B}_Ga=d,d=I,i=\(PictureID.preview),q=2\u{1B}\\")
  }
}
