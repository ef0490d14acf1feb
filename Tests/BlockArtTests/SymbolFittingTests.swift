import ImageCache
import Testing

@testable import BlockArt

private let esc = "\u{1B}"
private let red = Bitmaps.opaque(255, 0, 0)
private let blue = Bitmaps.opaque(0, 0, 255)
private let white = Bitmaps.grey(255)
private let black = Bitmaps.grey(0)

/// One cell in, the exact glyph and colours out. Each bitmap is as many pixels as the set has samples per cell
/// (or a whole multiple), so the area averaging hands the fitting the pixels themselves.
@Suite struct SymbolFittingTests {
  private func draw(_ bitmap: ImageBitmap, _ symbols: SymbolSet, _ mode: ColorMode = .trueColor, columns: Int = 1)
    -> [String]
  {
    BlockArtRenderer(colorMode: mode, symbols: symbols).render(bitmap, columns: columns, rows: 1)
  }

  @Test func aCornerIsOneQuadrant() {
    let corner = Bitmaps.make(width: 2, height: 2, [red, blue, blue, blue])
    #expect(draw(corner, .quad) == ["\(esc)[38;2;255;0;0;48;2;0;0;255m▘\(esc)[0m"])
    // A 2×2 split is exact in the sextant set too, with the quadrant (a sextant's rows are thirds).
    #expect(draw(corner, .sextant) == ["\(esc)[38;2;255;0;0;48;2;0;0;255m▘\(esc)[0m"])
  }

  @Test func aDiagonalIsTheSextantThatFollowsIt() {
    // Sextants 1, 4 and 6 white: the shape tried is its complement, sextants 2, 3 and 5 (U+1FB14) in black.
    let diagonal = Bitmaps.make(width: 2, height: 3, [white, black, black, white, black, white])
    #expect(draw(diagonal, .sextant) == ["\(esc)[38;2;0;0;0;48;2;255;255;255m\u{1FB14}\(esc)[0m"])
    let art = BlockArtRenderer(colorMode: .trueColor, symbols: .sextant).art(for: diagonal, columns: 1, rows: 1)
    #expect(art.shown.width == 2 && art.shown.height == 6)
    let reference = BlockArtFidelity.reference(for: diagonal, columns: 2, pixelRows: 6)
    #expect(BlockArtFidelity.psnr(art.shown, reference: reference) == .infinity)
  }

  @Test func threeStripesMergeTheTwoClosest() {
    // Red over dark red over blue: the two reds share one colour (their mean), blue keeps its own.
    let stripes = Bitmaps.make(
      width: 2, height: 3, [red, red, Bitmaps.opaque(128, 0, 0), Bitmaps.opaque(128, 0, 0), blue, blue])
    #expect(draw(stripes, .sextant) == ["\(esc)[38;2;192;0;0;48;2;0;0;255m\u{1FB0E}\(esc)[0m"])
    // Quadrants cut at mid-height: the middle stripe is split, so the upper half is red and dark red averaged.
    #expect(draw(stripes, .quad) == ["\(esc)[38;2;213;0;0;48;2;43;0;170m▀\(esc)[0m"])
  }

  @Test func halvesWinInTheSextantSetWhenTheCellIsCutAtMidHeight() {
    let halves = Bitmaps.make(width: 1, height: 2, [red, blue])
    #expect(draw(halves, .sextant) == ["\(esc)[38;2;255;0;0;48;2;0;0;255m▀\(esc)[0m"])
  }

  @Test func theComplementGlyphIsUsedWhenItSavesAColourChange() {
    // Red corner on blue, then blue corner on red: the second cell is `▟` in red on blue, no new colours.
    let cells = Bitmaps.make(width: 4, height: 2, [red, blue, blue, red, blue, blue, red, red])
    #expect(draw(cells, .quad, columns: 2) == ["\(esc)[38;2;255;0;0;48;2;0;0;255m▘▟\(esc)[0m"])
  }

  @Test func uniformCellsAreSpacesOrFullBlocksWithoutNewColours() {
    // Solid red, solid red, a blue corner on red, solid blue (now the foreground), solid red (the background).
    let row1 = [red, red, red, red, blue, red, blue, blue, red, red]
    let row2 = [red, red, red, red, red, red, blue, blue, red, red]
    let cells = Bitmaps.make(width: 10, height: 2, row1 + row2)
    #expect(
      draw(cells, .quad, columns: 5) == [
        "\(esc)[48;2;255;0;0m  \(esc)[38;2;0;0;255m▘█ \(esc)[0m"
      ])
  }

  @Test func paletteModesQuantiseTheFittedColours() {
    // The three blues average to (0, 0, 232), nearest cube entry 20 (0, 0, 215); taken one by one they would be
    // 20, 21 and 21.
    let corner = Bitmaps.make(
      width: 2, height: 2, [red, Bitmaps.opaque(0, 0, 200), Bitmaps.opaque(0, 0, 255), Bitmaps.opaque(0, 0, 240)])
    #expect(draw(corner, .quad, .trueColor) == ["\(esc)[38;2;255;0;0;48;2;0;0;232m▘\(esc)[0m"])
    #expect(draw(corner, .quad, .xterm256) == ["\(esc)[38;5;196;48;5;20m▘\(esc)[0m"])
    #expect(draw(corner, .quad, .ansi16) == ["\(esc)[91;44m▘\(esc)[0m"])
  }

  @Test func twoColoursThatQuantiseToOneInkMakeASolidCell() {
    let faint = Bitmaps.make(width: 2, height: 2, [Bitmaps.grey(100), Bitmaps.grey(101), Bitmaps.grey(101), white])
    #expect(draw(faint, .quad, .xterm256) == ["\(esc)[38;5;241;48;5;231m▛\(esc)[0m"])
    let flat = Bitmaps.make(
      width: 2, height: 2, [Bitmaps.grey(100), Bitmaps.grey(101), Bitmaps.grey(101), Bitmaps.grey(101)])
    #expect(draw(flat, .quad, .trueColor) == ["\(esc)[38;2;100;100;100;48;2;101;101;101m▘\(esc)[0m"])
    #expect(draw(flat, .quad, .xterm256) == ["\(esc)[48;5;241m \(esc)[0m"])
    // The colours a terminal shows: grey 98 (index 241) in every sample.
    let art = BlockArtRenderer(colorMode: .xterm256, symbols: .quad).art(for: flat, columns: 1, rows: 1)
    #expect(art.shown.rgb == Array(repeating: 98, count: 12))
  }

  @Test(arguments: [SymbolSet.quad, .sextant])
  func noColourKeepsTheCharacterShades(symbols: SymbolSet) {
    let bitmap = Bitmaps.synthetic(width: 64, height: 48)
    let shades = BlockArtRenderer(colorMode: .noColor, symbols: symbols).render(bitmap, columns: 20, rows: 8)
    #expect(shades == BlockArtRenderer(colorMode: .noColor).render(bitmap, columns: 20, rows: 8))
    #expect(shades.joined().unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test(arguments: [SymbolSet.quad, .sextant])
  func everyCellIsOneGlyphOnTheSameGrid(symbols: SymbolSet) {
    let bitmap = Bitmaps.synthetic(width: 100, height: 50)
    let art = BlockArtRenderer(colorMode: .xterm256, symbols: symbols).art(for: bitmap, columns: 24, rows: 12)
    #expect(art.grid == BlockArtGrid(columns: 24, rows: 6))
    let glyphs = art.lines.map { line in
      line.unicodeScalars.filter { $0 == " " || (0x2580...0x259F).contains($0.value) || $0.value >= 0x1FB00 }.count
    }
    #expect(glyphs == Array(repeating: 24, count: 6))
    let samples = symbols.samplesPerCell
    #expect(art.shown.width == 24 * samples.columns && art.shown.height == 6 * samples.rows)
  }

  @Test func sextantGlyphsFollowTheUnicodeOrder() {
    #expect(GlyphTable.sextantGlyph(1) == "\u{1FB00}")
    #expect(GlyphTable.sextantGlyph(20) == "\u{1FB13}")
    #expect(GlyphTable.sextantGlyph(22) == "\u{1FB14}")
    #expect(GlyphTable.sextantGlyph(41) == "\u{1FB27}")
    #expect(GlyphTable.sextantGlyph(43) == "\u{1FB28}")
    #expect(GlyphTable.sextantGlyph(62) == "\u{1FB3B}")
    let all = (0..<64).map(GlyphTable.sextantGlyph)
    #expect(Set(all).count == 64)
  }
}

@Suite struct SymbolSetDetectionTests {
  @Test(arguments: [
    ["TERM": "xterm-kitty"], ["KITTY_WINDOW_ID": "1", "TERM": "tmux-256color"], ["TERM_PROGRAM": "WezTerm"],
    ["TERM": "wezterm"], ["WEZTERM_PANE": "0"], ["TERM": "foot"], ["TERM": "foot-extra"],
    ["TERM_PROGRAM": "ghostty"], ["TERM": "xterm-ghostty"], ["GHOSTTY_RESOURCES_DIR": "/usr/share/ghostty"],
    ["TERM": "contour"], ["TERMINAL_NAME": "contour"],
  ])
  func terminalsThatDrawSextantsGetThem(environment: [String: String]) {
    #expect(SymbolSet.detect(environment: environment) == .sextant)
  }

  @Test(arguments: [
    [:], ["TERM": "xterm-256color"], ["TERM": "tmux-256color", "TERM_PROGRAM": "tmux"], ["TERM": "linux"],
    ["TERM_PROGRAM": "iTerm.app"], ["TERM": "alacritty"], ["VTE_VERSION": "7600"], ["KITTY_WINDOW_ID": ""],
  ])
  func everyOtherTerminalGetsHalfBlocks(environment: [String: String]) {
    #expect(SymbolSet.detect(environment: environment) == .half)
  }

  @Test func optionValues() {
    #expect(SymbolSet.named("auto", environment: ["TERM": "foot"]) == .sextant)
    #expect(SymbolSet.named("AUTO", environment: [:]) == .half)
    #expect(SymbolSet.named("quad", environment: ["TERM": "foot"]) == .quad)
    #expect(SymbolSet.named("Sextant", environment: [:]) == .sextant)
    #expect(SymbolSet.named("octant", environment: [:]) == nil)
  }
}
