import Foundation
import ImageCache
import Testing

@testable import CacheTool

@Suite struct CollageTests {
  @Test func theGridIsColumnsByRowsWithinLimits() throws {
    #expect(try Collage.parseGrid("5x5") == (5, 5))
    #expect(try Collage.parseGrid("3X2") == (3, 2))
    for bad in ["0x3", "51x1", "5", "x5", "5x5x5", "ax3", ""] {
      #expect(throws: CommandFailure.self, "\(bad)") { try Collage.parseGrid(bad) }
    }
  }

  @Test func everyListLineKeepsItsPlaceAndTheRestIsMissing() {
    let text = "# covers\nhttps://a/1.png\n\nftp://b/2.png\r\nnot a\u{07} url\nhttps://a/1.png\n"
    let cells = CollageSource.padded(CollageSource.cells(inList: text), to: 6)
    #expect(
      cells == [
        .url(URL(string: "https://a/1.png")!), .invalid("ftp://b/2.png"), .invalid("not a url"),
        .url(URL(string: "https://a/1.png")!), .missing, .missing,
      ])
    #expect(CollageSource.padded(cells, to: 2).count == 2)
  }

  @Test func aCoverLandsInItsCellAndTheRestStaysNeutral() {
    let composer = CollageComposer(columns: 2, rows: 2, tile: 2)
    var canvas = composer.blankCanvas()
    let white = ImageBitmap(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))
    composer.place(white, at: 3, in: &canvas)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(canvas[((y * 4 + x) * 4)..<((y * 4 + x) * 4 + 4)]) }
    #expect(pixel(2, 2) == [255, 255, 255, 255])
    #expect(pixel(3, 3) == [255, 255, 255, 255])
    #expect(pixel(1, 1) == [0x3A, 0x3A, 0x3A, 255])
    #expect(pixel(3, 1) == [0x3A, 0x3A, 0x3A, 255])
    #expect(pixel(1, 3) == [0x3A, 0x3A, 0x3A, 255])
  }

  @Test func theSummaryLineCountsRealTiles() {
    let composer = CollageComposer(columns: 2, rows: 1, tile: 300)
    let tiles = [
      CollageTile(index: 0, column: 0, row: 0, url: "https://a/1.png", status: .drawn, message: nil),
      CollageTile(index: 1, column: 1, row: 0, url: nil, status: .missing, message: nil),
    ]
    let summary = CollageSummary(output: "c.png", composer: composer, tiles: tiles)
    #expect(summary.line == "c.png: 2x1 tiles of 300 px (600x300), 1 of 2 tiles are covers (1 missing)")
  }
}
