import ImageCache
import Testing

@testable import BlockArt

private let esc = "\u{1B}"

@Suite struct HalfBlockParserTests {
  @Test func readsBackOurOwnOutputInEveryColourMode() {
    let bitmap = Bitmaps.synthetic(width: 64, height: 48)
    for mode in [ColorMode.trueColor, .xterm256, .ansi16] {
      let art = BlockArtRenderer(colorMode: mode).art(for: bitmap, columns: 20, rows: 10)
      #expect(HalfBlockParser().parse(lines: art.lines) == art.shown, "\(mode)")
    }
  }

  @Test func understandsLowerHalvesSpacesReverseAndDefaults() {
    let output =
      "\(esc)[?25l\(esc)[0m\(esc)[38;5;196;48;5;21m▄ \(esc)[7m▀\(esc)[0m\(esc)[31m█\(esc)[39;49m▀\(esc)[0m\n\(esc)[?25h"
    let parsed = HalfBlockParser(defaultForeground: .white, defaultBackground: .black).parse(output)
    #expect(parsed.width == 5)
    #expect(parsed.height == 2)
    let red = RGBColor(255, 0, 0)
    let blue = RGBColor(0, 0, 255)
    let darkRed = RGBColor(205, 0, 0)
    #expect((0..<5).map { parsed[$0, 0] } == [blue, blue, blue, darkRed, .white])
    #expect((0..<5).map { parsed[$0, 1] } == [red, blue, red, darkRed, .black])
  }
}

extension HalfBlockParserTests {
  @Test func repeatsThePreviousCellForREP() {
    let parsed = HalfBlockParser().parse("\(esc)[38;5;196;48;5;21m▀\(esc)[3b\(esc)[0m")
    #expect(parsed.width == 4)
    #expect((0..<4).map { parsed[$0, 1] } == Array(repeating: RGBColor(0, 0, 255), count: 4))
  }
}

@Suite struct PSNRTests {
  @Test func identicalImagesAreInfinitelyClose() {
    let image = HalfBlockImage(width: 1, height: 2, rgb: [1, 2, 3, 4, 5, 6])
    #expect(BlockArtFidelity.psnr(image, reference: image) == .infinity)
  }

  @Test func anErrorOfOneEverywhereIs48Decibels() {
    let a = HalfBlockImage(width: 1, height: 2, rgb: [1, 2, 3, 4, 5, 6])
    let b = HalfBlockImage(width: 1, height: 2, rgb: [2, 1, 4, 3, 6, 5])
    // 10 log10(255² / 1) = 48.13 dB
    #expect(abs(BlockArtFidelity.psnr(a, reference: b) - 48.1308) < 0.0001)
  }

  @Test func trueColorMatchesItsOwnReferenceExactly() {
    let bitmap = Bitmaps.synthetic(width: 120, height: 90)
    let art = BlockArtRenderer(colorMode: .trueColor).art(for: bitmap, columns: 30, rows: 12)
    let reference = BlockArtFidelity.reference(
      for: bitmap, columns: art.grid.columns, pixelRows: art.grid.pixelRows)
    #expect(BlockArtFidelity.psnr(art.shown, reference: reference) == .infinity)
  }

  @Test func fewerColoursScoreLower() {
    let bitmap = Bitmaps.synthetic(width: 120, height: 90)
    let scores = [ColorMode.xterm256, .ansi16, .noColor].map { mode in
      let art = BlockArtRenderer(colorMode: mode).art(for: bitmap, columns: 30, rows: 12)
      let reference = BlockArtFidelity.reference(for: bitmap, columns: art.grid.columns, pixelRows: art.grid.pixelRows)
      return BlockArtFidelity.psnr(art.shown, reference: reference)
    }
    #expect(scores[0] > scores[1])
    #expect(scores[1] > scores[2])
  }
}
