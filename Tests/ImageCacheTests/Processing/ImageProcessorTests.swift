import ImageCache
import Testing

/// The resize and crop processors on synthetic bitmaps whose every output pixel can be worked out by hand.
@Suite struct ImageProcessorTests {
  /// `width × height` pixels, each `color(x, y)`.
  private static func bitmap(_ width: Int, _ height: Int, _ color: (Int, Int) -> [UInt8]) -> ImageBitmap {
    var pixels: [UInt8] = []
    for y in 0..<height { for x in 0..<width { pixels += color(x, y) } }
    return ImageBitmap(width: width, height: height, pixels: pixels)
  }

  /// 4×4 made of 2×2 blocks: red, green / blue, white.
  private static let quadrants = bitmap(4, 4) { x, y in
    switch (x / 2, y / 2) {
    case (0, 0): [255, 0, 0, 255]
    case (1, 0): [0, 255, 0, 255]
    case (0, 1): [0, 0, 255, 255]
    default: [255, 255, 255, 255]
    }
  }

  @Test func fitKeepsTheAspectRatioInsideTheBox() throws {
    let cover = Self.bitmap(300, 200) { x, _ in [UInt8(x % 256), 0, 0, 255] }
    let fitted = try ImageProcessors.Resize(size: 64).process(cover)
    #expect((fitted.width, fitted.height) == (64, 43))
  }

  @Test func fillCoversTheBoxAndCropsTheOverflowFromBothSides() throws {
    // Given 300×200 whose outer 50 columns on each side are red and whose middle is green
    let cover = Self.bitmap(300, 200) { x, _ in (50..<250).contains(x) ? [0, 255, 0, 255] : [255, 0, 0, 255] }

    // When it fills a 64×64 box
    let filled = try ImageProcessors.Resize(size: 64, contentMode: .fill).process(cover)

    // Then the result is the box, taken from the centred 200×200: green to its edges
    #expect((filled.width, filled.height) == (64, 64))
    #expect(Array(filled.pixels[0..<4]) == [0, 255, 0, 255])
    #expect(Array(filled.pixels[(63 * 4)..<(64 * 4)]) == [0, 255, 0, 255])
  }

  @Test func shrinkingAveragesTheAreaUnderEachPixel() throws {
    let halved = try ImageProcessors.Resize(size: 2).process(Self.quadrants)
    #expect((halved.width, halved.height) == (2, 2))
    #expect(halved.pixels == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])

    let one = try ImageProcessors.Resize(size: 1).process(Self.quadrants)
    // (255 + 0 + 0 + 255) / 4 = 127.5 for red, the same for green and blue: rounded to 128.
    #expect(one.pixels == [128, 128, 128, 255])
  }

  @Test func transparentPixelsLendNoColourAndHalveTheAlpha() throws {
    let half = Self.bitmap(2, 1) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 255, 0] }
    let shrunk = try ImageProcessors.Resize(width: 1, height: 1).process(half)
    #expect(shrunk.pixels == [255, 0, 0, 128])
  }

  @Test func enlargingInterpolatesBetweenPixelCentres() throws {
    let ramp = Self.bitmap(2, 1) { x, _ in x == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
    let enlarged = try ImageProcessors.Resize(width: 4, height: 2, upscale: true).process(ramp)
    #expect((enlarged.width, enlarged.height) == (4, 2))
    // Centres at source x 0, 0.25, 0.75 and the last pixel: 0, 63.75, 191.25, 255; both rows alike.
    #expect(stride(from: 0, to: 32, by: 4).map { enlarged.pixels[$0] } == [0, 64, 191, 255, 0, 64, 191, 255])
  }

  @Test func withoutUpscaleASmallImageKeepsItsSize() throws {
    let tiny = Self.bitmap(40, 20) { x, y in [UInt8(x), UInt8(y), 7, 255] }
    #expect(try ImageProcessors.Resize(size: 64).process(tiny) == tiny)
    // Filling crops one too wide for the box to the box's width at its own scale: the centred 64×50.
    let small = Self.bitmap(100, 50) { x, y in [UInt8(x), UInt8(y), 7, 255] }
    let filled = try ImageProcessors.Resize(size: 64, contentMode: .fill).process(small)
    #expect(filled == (try ImageProcessors.Crop(x: 18, y: 0, width: 64, height: 50).process(small)))
  }

  @Test func cropCutsTheRectangleAndClipsItToTheImage() throws {
    let numbered = Self.bitmap(4, 4) { x, y in [UInt8(y * 4 + x), 0, 0, 255] }
    let inside = try ImageProcessors.Crop(x: 1, y: 1, width: 2, height: 2).process(numbered)
    #expect((inside.width, inside.height) == (2, 2))
    #expect(stride(from: 0, to: 16, by: 4).map { inside.pixels[$0] } == [5, 6, 9, 10])

    let overhanging = try ImageProcessors.Crop(x: 3, y: -1, width: 5, height: 2).process(numbered)
    #expect((overhanging.width, overhanging.height) == (1, 1))
    #expect(overhanging.pixels == [3, 0, 0, 255])
  }

  @Test func cropOutsideTheImageIsAnErrorSayingSo() {
    #expect(throws: ImageProcessingError("crop rectangle 2x2 at (9, 9) is outside the 4x4 image")) {
      try ImageProcessors.Crop(x: 9, y: 9, width: 2, height: 2).process(Self.quadrants)
    }
  }

  @Test func identifiersNameEveryParameter() {
    #expect(ImageProcessors.Resize(size: 64).identifier == "resize(64x64,fit)")
    #expect(
      ImageProcessors.Resize(width: 64, height: 32, contentMode: .fill, upscale: true).identifier
        == "resize(64x32,fill,upscale)")
    #expect(ImageProcessors.Crop(x: 1, y: 2, width: 3, height: 4).identifier == "crop(1,2,3x4)")
  }
}
