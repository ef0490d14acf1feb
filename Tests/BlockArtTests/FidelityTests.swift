import ImageCache
import Testing

@testable import BlockArt

private let esc = "\u{1B}"

@Suite struct BlockArtParserTests {
  @Test func readsBackOurOwnOutputInEveryColourMode() {
    let bitmap = Bitmaps.synthetic(width: 64, height: 48)
    for mode in [ColorMode.trueColor, .xterm256, .ansi16] {
      let art = BlockArtRenderer(colorMode: mode).art(for: bitmap, columns: 20, rows: 10)
      #expect(BlockArtParser().parse(lines: art.lines) == art.shown, "\(mode)")
    }
  }

  @Test func understandsLowerHalvesSpacesReverseAndDefaults() {
    let output =
      "\(esc)[?25l\(esc)[0m\(esc)[38;5;196;48;5;21m▄ \(esc)[7m▀\(esc)[0m\(esc)[31m█\(esc)[39;49m▀\(esc)[0m\n\(esc)[?25h"
    let parsed = BlockArtParser(defaultForeground: .white, defaultBackground: .black).parse(output)
    #expect(parsed.width == 5)
    #expect(parsed.height == 2)
    let red = RGBColor(255, 0, 0)
    let blue = RGBColor(0, 0, 255)
    let darkRed = RGBColor(205, 0, 0)
    #expect((0..<5).map { parsed[$0, 0] } == [blue, blue, blue, darkRed, .white])
    #expect((0..<5).map { parsed[$0, 1] } == [red, blue, red, darkRed, .black])
  }
}

extension BlockArtParserTests {
  @Test func repeatsThePreviousCellForREP() {
    let parsed = BlockArtParser().parse("\(esc)[38;5;196;48;5;21m▀\(esc)[3b\(esc)[0m")
    #expect(parsed.width == 4)
    #expect((0..<4).map { parsed[$0, 1] } == Array(repeating: RGBColor(0, 0, 255), count: 4))
  }
}

@Suite struct PSNRTests {
  @Test func identicalImagesAreInfinitelyClose() {
    let image = SampleImage(width: 1, height: 2, rgb: [1, 2, 3, 4, 5, 6])
    #expect(BlockArtFidelity.psnr(image, reference: image) == .infinity)
  }

  @Test func anErrorOfOneEverywhereIs48Decibels() {
    let a = SampleImage(width: 1, height: 2, rgb: [1, 2, 3, 4, 5, 6])
    let b = SampleImage(width: 1, height: 2, rgb: [2, 1, 4, 3, 6, 5])
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

@Suite struct SymbolParsingTests {
  @Test func readsSextantsQuadrantsAndHalvesOnTheSixthsGrid() {
    // U+1FB14 (sextants 2, 3 and 5), an upper half, then a reversed upper-left quadrant.
    let output = "\(esc)[38;2;255;0;0;48;2;0;0;255m\u{1FB14}▀\(esc)[7m▘\(esc)[0m"
    let parsed = BlockArtParser(symbols: .sextant).parse(output)
    #expect(parsed.width == 6 && parsed.height == 6)
    let rows = (0..<6).map { y in
      String(
        (0..<6).map { x in parsed[x, y] == RGBColor(255, 0, 0) ? "R" : parsed[x, y] == RGBColor(0, 0, 255) ? "B" : "?" }
      )
    }
    #expect(rows == ["BRRRBR", "BRRRBR", "RBRRBR", "RBBBRR", "RBBBRR", "RBBBRR"])
  }

  @Test func readsQuadrantsOnTheirOwnGrid() {
    let parsed = BlockArtParser(symbols: .quad).parse("\(esc)[38;5;196;48;5;21m▞▐\(esc)[0m")
    let red = RGBColor(255, 0, 0)
    let blue = RGBColor(0, 0, 255)
    #expect(parsed.width == 4 && parsed.height == 2)
    #expect((0..<4).map { parsed[$0, 0] } == [blue, red, blue, red])
    #expect((0..<4).map { parsed[$0, 1] } == [red, blue, blue, red])
  }

  @Test(arguments: [SymbolSet.quad, .sextant], [ColorMode.trueColor, .xterm256, .ansi16])
  func readsBackOurOwnOutput(symbols: SymbolSet, mode: ColorMode) {
    let bitmap = Bitmaps.synthetic(width: 64, height: 48)
    let art = BlockArtRenderer(colorMode: mode, symbols: symbols).art(for: bitmap, columns: 20, rows: 10)
    #expect(BlockArtParser(symbols: symbols).parse(lines: art.lines) == art.shown)
  }

  @Test func sextantsScoreHigherThanHalfBlocksOnTheSameCells() {
    // Compared on the sextant grid: half-block output read on that grid is still exact to its own shapes.
    let bitmap = Bitmaps.synthetic(width: 240, height: 180)
    let reference = { (grid: BlockArtGrid) in BlockArtFidelity.reference(for: bitmap, grid: grid, symbols: .sextant) }
    let scores = [SymbolSet.half, .quad, .sextant].map { symbols in
      let art = BlockArtRenderer(colorMode: .trueColor, symbols: symbols).art(for: bitmap, columns: 40, rows: 15)
      let shown = BlockArtParser(symbols: .sextant).parse(lines: art.lines)
      return BlockArtFidelity.psnr(shown, reference: reference(art.grid))
    }
    #expect(scores[0] < scores[1])
    #expect(scores[1] < scores[2])
  }
}
