import Foundation
import TerminalGraphics
import TerminalUI
import Testing

@testable import ArtistBrowser

/// A protocol picture's box follows the terminal's cell size, so a square cover is square on the screen whatever
/// the font: on 8×24-pixel cells (three times taller than wide) a square takes three columns per row.
@MainActor
@Suite struct LargePictureLoaderCellSizeTests {
  static let url = URL(string: "http://127.0.0.1:1/cover.png")!

  func kittyBox(cell: CellPixelSize) -> (LargePictureLoader, GatedThumbnailLoader) {
    let loader = GatedThumbnailLoader()
    loader.open()
    let encoder = PictureEncoder(capabilities: GraphicsCapabilities(protocol: .kitty, cellSize: cell))
    return (LargePictureLoader(loader: loader, painter: ProtocolPicturePainter(encoder: encoder), pictureID: 7), loader)
  }

  func previewPlacement(_ box: LargePictureLoader) async -> PicturePlacement? {
    let draw = {
      PicturePane.list(width: 140, height: 36, bodyRow: 2, picture: box, url: Self.url, facts: []) { _ in
        SceneFrame(lines: [])
      }
    }
    _ = draw()
    await box.waitUntilIdle()
    return draw().pictures.first
  }

  @Test func previewBoxOnCellsThreeTimesTallerThanWide() async throws {
    // Given a kitty terminal whose cells are 8×24 pixels, and a 140×36 body (an 82-column pane beside the list)
    let (sut, _) = kittyBox(cell: CellPixelSize(width: 8, height: 24))
    // When the preview pane draws a square cover
    let placement = try #require(await previewPlacement(sut))
    // Then its box is 81×27 cells (648×648 pixels), not the 64×32 a 2:1 cell would give, and the kitty
    // sequence declares that box
    #expect(placement.rect == CellRect(row: 2, column: 58, columns: 81, rows: 27))
    let keys = String(decoding: placement.drawing.bytes.prefix(80), as: UTF8.self)
    #expect(keys.contains("c=81,r=27,"))
  }

  @Test func theCoverIsAskedForAtTheBoxsPixelSize() async throws {
    // Given a kitty terminal with 10×20-pixel cells
    let (sut, loader) = kittyBox(cell: CellPixelSize(width: 10, height: 20))
    // When the preview pane draws a square cover
    let placement = try #require(await previewPlacement(sut))
    // Then the loader was asked for the cover fitted to the box's pixels, all the encoder draws from
    #expect(placement.rect.columns == 64 && placement.rect.rows == 32)
    #expect(loader.boxes == [PixelSize(width: 640, height: 640)])
  }

  @Test func previewBoxOnTwoToOneCells() async throws {
    // Given the common 10×20-pixel cell
    let (sut, _) = kittyBox(cell: CellPixelSize(width: 10, height: 20))
    // When the preview pane draws a square cover
    let placement = try #require(await previewPlacement(sut))
    // Then the box is twice as many columns as rows, as tall as the body allows under the facts' four rows
    #expect(placement.rect == CellRect(row: 2, column: 58, columns: 64, rows: 32))
  }

  @Test func albumPageCoverOnWideCells() async throws {
    // Given cells as wide as tall (12×12 pixels) on a 160×40 album page
    let (sut, _) = kittyBox(cell: CellPixelSize(width: 12, height: 12))
    let draw = {
      PicturePage.frame(picture: sut, url: Self.url, width: 160, height: 40, minimumTextRows: 5) { _, _ in
        SceneFrame(lines: [])
      }
    }
    _ = draw()
    await sut.waitUntilIdle()
    // Then the cover is as many columns as rows: 40×40 beside the text's 118 columns
    let placement = try #require(draw().pictures.first)
    #expect(placement.rect == CellRect(row: 0, column: 120, columns: 40, rows: 40))
  }
}
