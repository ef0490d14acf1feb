import Foundation
import ImageCache
import Testing
import TextRaster

@testable import CacheTool

@Suite(
  .enabled(
    if: FileManager.default.fileExists(atPath: FontFiles.captions(environment: [:])),
    "needs fonts-dejavu-core: scripts/install-deps installs it"))
struct CollageCaptionTests {
  /// Two 100 px tiles side by side, each a cover of noise-free colour bands, the first captioned.
  private func captioned(tile: Int = 100) throws -> (bare: [UInt8], captioned: [UInt8], band: Int) {
    let composer = CollageComposer(columns: 2, rows: 1, tile: tile)
    var canvas = composer.blankCanvas()
    var cover = [UInt8](repeating: 255, count: tile * tile * 4)
    for y in 0..<tile {
      for x in 0..<tile {
        let offset = (y * tile + x) * 4
        (cover[offset], cover[offset + 1], cover[offset + 2]) = (UInt8(x * 2), UInt8(y * 2), 200)
      }
    }
    for index in 0..<2 { composer.place(ImageBitmap(width: tile, height: tile, pixels: cover), at: index, in: &canvas) }
    let writer = try CollageCaptionWriter(tile: tile, environment: [:])
    let caption = CollageCaption(artist: "Electric Wupeav", album: "The Glass Staircase", playCount: 103)
    let url = URL(string: "https://covers.example/1.png")!
    let written = composer.writing(writer, of: [.url(url, caption: caption), .url(url, caption: nil)], on: canvas)
    return (canvas, written, writer.bandHeight(lines: caption.lines.count))
  }

  private func rows(_ pixels: [UInt8], width: Int, from top: Int, to bottom: Int, columns: Range<Int>) -> [UInt8] {
    (top..<bottom).flatMap { y in
      pixels[((y * width + columns.lowerBound) * 4)..<((y * width + columns.upperBound) * 4)]
    }
  }

  @Test func theBandCarriesTextAndTheCoverAboveItIsUnchanged() throws {
    let tile = 100
    let (bare, written, band) = try captioned(tile: tile)
    let width = 2 * tile
    #expect(band > 0 && band < tile / 2)
    // Above the band the captioned cover is the bare cover, byte for byte.
    #expect(
      rows(written, width: width, from: 0, to: tile - band, columns: 0..<tile)
        == rows(bare, width: width, from: 0, to: tile - band, columns: 0..<tile))
    // The band differs from the bare cover, and holds white text: pixels at full white, which the cover has none of.
    let bandPixels = rows(written, width: width, from: tile - band, to: tile, columns: 0..<tile)
    #expect(bandPixels != rows(bare, width: width, from: tile - band, to: tile, columns: 0..<tile))
    let white = stride(from: 0, to: bandPixels.count, by: 4).filter {
      bandPixels[$0] > 240 && bandPixels[$0 + 1] > 240 && bandPixels[$0 + 2] > 240
    }
    #expect(white.count > 100, "\(white.count) white pixels in the band")
    // The tile without a caption is untouched.
    #expect(
      rows(written, width: width, from: 0, to: tile, columns: tile..<width)
        == rows(bare, width: width, from: 0, to: tile, columns: tile..<width))
  }

  @Test func linesAreCleanedAndCountedInPlays() {
    let caption = CollageCaption(artist: "evil\u{1B}[2Jname", album: "Album", playCount: 1)
    #expect(caption.lines.map(\.text) == ["Album", "evilname", "1 play"])
    #expect(CollageCaption(artist: "A", album: "B", playCount: nil).lines.count == 2)
  }
}
