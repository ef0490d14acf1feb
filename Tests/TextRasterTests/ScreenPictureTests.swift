import BlockArt
import FoundationEssentials
import ImageCache
import Testing

@testable import TextRaster

private let fontsInstalled = FileManager.default.fileExists(atPath: FontFiles.monospace)

@Suite(.enabled(if: fontsInstalled, "needs fonts-dejavu-core: scripts/install-deps installs it"))
struct ScreenPictureTests {
  private let esc = "\u{1B}"

  private func cellPixels(_ bitmap: ImageBitmap, column: Int, picture: ScreenPicture) -> [UInt8] {
    var pixels: [UInt8] = []
    for y in 0..<picture.cellHeight {
      for x in column * picture.cellWidth..<(column + 1) * picture.cellWidth {
        let offset = (y * bitmap.width + x) * 4
        pixels += bitmap.pixels[offset..<offset + 3]
      }
    }
    return pixels
  }

  @Test func textIsDrawnAsGlyphsNotBars() throws {
    let picture = try ScreenPicture()
    let bitmap = picture.render(lines: ["\(esc)[38;2;255;255;255mAB \(esc)[0m"]) { _ in 1 }
    let a = cellPixels(bitmap, column: 0, picture: picture)
    let b = cellPixels(bitmap, column: 1, picture: picture)
    let space = cellPixels(bitmap, column: 2, picture: picture)
    #expect(a != b, "two letters draw differently")
    let background = picture.defaultBackground
    #expect(space.allSatisfy { [background.red, background.green, background.blue].contains($0) })
    // A glyph covers part of its cell, with anti-aliased edges: some background, some full ink, some between.
    let ink = a.filter { $0 == 255 }.count
    #expect(ink > 0 && ink < a.count / 2)
    #expect(a.contains { $0 > background.red && $0 < 255 })
  }

  @Test func blockShapesKeepTheirExactPixels() throws {
    let picture = try ScreenPicture()
    let bitmap = picture.render(lines: ["\(esc)[38;2;200;0;0;48;2;0;0;200m▀\(esc)[0m"]) { _ in 1 }
    let canvas = RGBACanvas(bitmap)
    for y in 0..<picture.cellHeight {
      for x in 0..<picture.cellWidth {
        #expect(canvas.color(x: x, y: y) == (y < picture.cellHeight / 2 ? RGBColor(200, 0, 0) : RGBColor(0, 0, 200)))
      }
    }
  }

  @Test func aWideCharacterTakesTwoCellsAndReverseVideoSwapsTheDefaults() throws {
    let picture = try ScreenPicture()
    let bitmap = picture.render(lines: ["界\(esc)[7m \(esc)[0m"]) { $0.value == 0x754C ? 2 : 1 }
    #expect(bitmap.width == 3 * picture.cellWidth)
    let reversed = RGBACanvas(bitmap).color(x: 2 * picture.cellWidth + 1, y: 1)
    #expect(reversed == picture.defaultForeground)
  }
}
