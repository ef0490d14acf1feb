import ImageCache
import Testing

@testable import BlockArt

private let esc = "\u{1B}"

@Suite struct BlockArtRendererTests {
  /// red | green over blue | white.
  private let quad = Bitmaps.make(
    width: 2, height: 2,
    [Bitmaps.opaque(255, 0, 0), Bitmaps.opaque(0, 255, 0), Bitmaps.opaque(0, 0, 255), Bitmaps.opaque(255, 255, 255)])

  @Test func trueColorTwoByTwo() {
    let lines = BlockArtRenderer(colorMode: .trueColor).render(quad, columns: 2, rows: 1)
    #expect(lines == ["\(esc)[38;2;255;0;0;48;2;0;0;255m▀\(esc)[38;2;0;255;0;48;2;255;255;255m▀\(esc)[0m"])
  }

  @Test func palette256TwoByTwo() {
    let lines = BlockArtRenderer(colorMode: .xterm256).render(quad, columns: 2, rows: 1)
    #expect(lines == ["\(esc)[38;5;196;48;5;21m▀\(esc)[38;5;46;48;5;231m▀\(esc)[0m"])
  }

  @Test func ansi16TwoByTwo() {
    let lines = BlockArtRenderer(colorMode: .ansi16).render(quad, columns: 2, rows: 1)
    #expect(lines == ["\(esc)[91;44m▀\(esc)[92;107m▀\(esc)[0m"])
  }

  @Test func colourIsOnlyEmittedWhenItChanges() {
    // Given three identical columns, then one whose top pixel differs
    let top = Bitmaps.opaque(10, 20, 30)
    let bottom = Bitmaps.opaque(40, 50, 60)
    let bitmap = Bitmaps.make(
      width: 4, height: 2, [top, top, top, Bitmaps.opaque(1, 2, 3), bottom, bottom, bottom, bottom])
    let lines = BlockArtRenderer(colorMode: .trueColor).render(bitmap, columns: 4, rows: 1)
    // Then: one full SGR, then a foreground-only change
    #expect(lines == ["\(esc)[38;2;10;20;30;48;2;40;50;60m▀▀▀\(esc)[38;2;1;2;3m▀\(esc)[0m"])
  }

  @Test func greysIn256ModeUseTheRampOrTheCubeWhicheverIsCloser() {
    func index(_ level: UInt8) -> String {
      let bitmap = Bitmaps.solid(width: 1, height: 2, Bitmaps.grey(level))
      return BlockArtRenderer(colorMode: .xterm256).render(bitmap, columns: 1, rows: 1)[0]
    }
    #expect(index(0) == "\(esc)[38;5;16;48;5;16m▀\(esc)[0m")  // cube black is exact
    #expect(index(8) == "\(esc)[38;5;232;48;5;232m▀\(esc)[0m")
    #expect(index(100) == "\(esc)[38;5;241;48;5;241m▀\(esc)[0m")  // grey 98 beats cube 95
    #expect(index(128) == "\(esc)[38;5;244;48;5;244m▀\(esc)[0m")  // grey 128 is exact
    #expect(index(135) == "\(esc)[38;5;102;48;5;102m▀\(esc)[0m")  // cube 135 is exact
    #expect(index(255) == "\(esc)[38;5;231;48;5;231m▀\(esc)[0m")
  }

  @Test func pureColoursIn256Mode() {
    let expected: [(Bitmaps.RGBA, Int)] = [
      (Bitmaps.opaque(255, 255, 0), 226), (Bitmaps.opaque(0, 255, 255), 51), (Bitmaps.opaque(255, 0, 255), 201),
      (Bitmaps.opaque(95, 135, 175), 67), (Bitmaps.opaque(250, 128, 10), 208),
    ]
    for (pixel, index) in expected {
      let bitmap = Bitmaps.solid(width: 1, height: 2, pixel)
      let line = BlockArtRenderer(colorMode: .xterm256).render(bitmap, columns: 1, rows: 1)[0]
      #expect(line == "\(esc)[38;5;\(index);48;5;\(index)m▀\(esc)[0m", "pixel \(pixel)")
    }
  }

  @Test func coloursAndGreysIn16Mode() {
    let expected: [(Bitmaps.RGBA, String)] = [
      (Bitmaps.grey(0), "30;40"), (Bitmaps.grey(128), "90;100"), (Bitmaps.grey(200), "37;47"),
      (Bitmaps.grey(255), "97;107"), (Bitmaps.opaque(200, 0, 0), "31;41"), (Bitmaps.opaque(255, 255, 0), "93;103"),
      (Bitmaps.opaque(0, 200, 200), "36;46"), (Bitmaps.opaque(90, 90, 250), "94;104"),
    ]
    for (pixel, codes) in expected {
      let bitmap = Bitmaps.solid(width: 1, height: 2, pixel)
      let line = BlockArtRenderer(colorMode: .ansi16).render(bitmap, columns: 1, rows: 1)[0]
      #expect(line == "\(esc)[\(codes)m▀\(esc)[0m", "pixel \(pixel)")
    }
  }

  @Test func noColorModeUsesALuminanceRampWithoutEscapes() {
    let bitmap = Bitmaps.make(
      width: 4, height: 2,
      [
        Bitmaps.grey(0), Bitmaps.grey(128), Bitmaps.grey(255), Bitmaps.opaque(255, 0, 0),
        Bitmaps.grey(0), Bitmaps.grey(128), Bitmaps.grey(255), Bitmaps.opaque(255, 0, 0),
      ])
    // Red has luma 54/256 of white: 0.21 → step 2 of 9 (":").
    #expect(BlockArtRenderer(colorMode: .noColor).render(bitmap, columns: 4, rows: 1) == [" +@:"])
  }

  @Test func alphaIsBlendedOntoTheBackground() {
    // Given white at half opacity over a fully transparent pixel
    let bitmap = Bitmaps.make(width: 1, height: 2, [(255, 255, 255, 128), (7, 7, 7, 0)])
    // Then on black the top is mid grey and the bottom is the background itself
    #expect(
      BlockArtRenderer(colorMode: .trueColor).render(bitmap, columns: 1, rows: 1)
        == ["\(esc)[38;2;128;128;128;48;2;0;0;0m▀\(esc)[0m"])
    // And on dark blue (0, 0, 200): 0.502 × 255 + 0.498 × 200 = 227.6 in blue
    #expect(
      BlockArtRenderer(colorMode: .trueColor, background: RGBColor(0, 0, 200)).render(bitmap, columns: 1, rows: 1)
        == ["\(esc)[38;2;128;128;228;48;2;0;0;200m▀\(esc)[0m"])
  }

  @Test func areaAveragingInSRGBAndInLinearLight() {
    // 4×2 → 2×2: each output pixel is the mean of two neighbours.
    let bitmap = Bitmaps.make(
      width: 4, height: 2,
      [
        Bitmaps.opaque(255, 0, 0), Bitmaps.opaque(0, 0, 255), Bitmaps.grey(10), Bitmaps.grey(10),
        Bitmaps.grey(0), Bitmaps.grey(255), Bitmaps.grey(20), Bitmaps.grey(20),
      ])
    #expect(
      BlockArtRenderer(colorMode: .trueColor).render(bitmap, columns: 2, rows: 1)
        == ["\(esc)[38;2;128;0;128;48;2;128;128;128m▀\(esc)[38;2;10;10;10;48;2;20;20;20m▀\(esc)[0m"])
    // In linear light, half black and half white is 0.5 linear, i.e. sRGB 188.
    #expect(
      BlockArtRenderer(colorMode: .trueColor, filterSpace: .linear).render(bitmap, columns: 2, rows: 1)
        == ["\(esc)[38;2;188;0;188;48;2;188;188;188m▀\(esc)[38;2;10;10;10;48;2;20;20;20m▀\(esc)[0m"])
  }

  @Test func fractionalCoverageWeighsPartialPixels() {
    // 3 columns → 2: the left output covers source 0 fully and half of source 1 (weights 2/3 and 1/3).
    let row = [Bitmaps.grey(0), Bitmaps.grey(255), Bitmaps.grey(0)]
    let bitmap = Bitmaps.make(width: 3, height: 2, row + row)
    let art = BlockArtRenderer(colorMode: .trueColor).art(for: bitmap, columns: 2, rows: 1)
    #expect(art.grid == BlockArtGrid(columns: 2, rows: 1))
    #expect(art.shown.rgb == [85, 85, 85, 85, 85, 85, 85, 85, 85, 85, 85, 85])
  }

  @Test func aspectRatioIsKeptInsideTheBox() {
    #expect(
      BlockArtGrid.fitting(imageWidth: 100, imageHeight: 50, columns: 24, rows: 12)
        == BlockArtGrid(columns: 24, rows: 6))
    #expect(
      BlockArtGrid.fitting(imageWidth: 50, imageHeight: 100, columns: 24, rows: 12)
        == BlockArtGrid(columns: 12, rows: 12))
    #expect(
      BlockArtGrid.fitting(imageWidth: 300, imageHeight: 300, columns: 40, rows: 12)
        == BlockArtGrid(columns: 24, rows: 12))
    #expect(
      BlockArtGrid.fitting(imageWidth: 1, imageHeight: 1000, columns: 10, rows: 5) == BlockArtGrid(columns: 1, rows: 5))
    #expect(
      BlockArtGrid.fitting(imageWidth: 0, imageHeight: 10, columns: 10, rows: 5) == BlockArtGrid(columns: 0, rows: 0))
  }

  @Test func renderedLinesMatchTheGrid() {
    let bitmap = Bitmaps.synthetic(width: 100, height: 50)
    let art = BlockArtRenderer(colorMode: .xterm256).art(for: bitmap, columns: 24, rows: 12)
    #expect(art.lines.count == 6)
    #expect(art.lines.allSatisfy { $0.filter { $0 == "▀" }.count == 24 && $0.hasSuffix("\(esc)[0m") })
  }

  @Test func emptyInputsGiveNoLines() {
    let empty = ImageBitmap(width: 0, height: 0, pixels: [])
    #expect(BlockArtRenderer(colorMode: .trueColor).render(empty, columns: 10, rows: 10) == [])
    #expect(BlockArtRenderer(colorMode: .trueColor).render(quad, columns: 0, rows: 10) == [])
  }
}
