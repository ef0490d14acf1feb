import ImageCache
import Testing

/// Exact pixels from a few PngSuite files. Expected values were worked out independently of libpng: the raw
/// samples come from inflating the IDAT data and undoing the row filters by hand (a throwaway Python script),
/// then applying the PNG specification's rules: an n-bit gray sample g becomes g * 255 / (2^n - 1); a palette
/// index becomes its PLTE colour with the tRNS alpha (255 beyond the tRNS entries); a pixel equal to the
/// tRNS colour of a gray/RGB image gets alpha 0; a 16-bit sample v becomes round(v * 255 / 65535).
@Suite struct PngSuitePixelTests {
  func decode(_ name: String) throws -> ImageBitmap {
    try PNGDecoder().decode(try PngSuite.bytes(name), limits: .default)
  }

  @Test func rgb8TopRowAndBottomLeft() throws {
    let bitmap = try decode("basn2c08")
    #expect(bitmap.rgba(x: 0, y: 0) == [255, 255, 255, 255])
    #expect(bitmap.rgba(x: 1, y: 0) == [255, 255, 254, 255])
    #expect(bitmap.rgba(x: 0, y: 31) == [31, 31, 31, 255])
  }

  @Test func oneBitGrayIsBlackAndWhite() throws {
    // Row y is white up to column 30 - y and black after it (a diagonal), so row 31 is all black.
    let bitmap = try decode("basn0g01")
    #expect(bitmap.rgba(x: 0, y: 0) == [255, 255, 255, 255])
    #expect(bitmap.rgba(x: 30, y: 0) == [255, 255, 255, 255])
    #expect(bitmap.rgba(x: 31, y: 0) == [0, 0, 0, 255])
    #expect(bitmap.rgba(x: 0, y: 30) == [255, 255, 255, 255])
    #expect(bitmap.rgba(x: 1, y: 30) == [0, 0, 0, 255])
    #expect(bitmap.rgba(x: 0, y: 31) == [0, 0, 0, 255])
    let distinct = Set(stride(from: 0, to: bitmap.pixels.count, by: 4).map { bitmap.pixels[$0] })
    #expect(distinct == [0, 255])
  }

  @Test func lowBitDepthGrayIsScaledToFullRange() throws {
    let twoBit = try decode("basn0g02")
    #expect([0, 4, 8, 12].map { twoBit.rgba(x: $0, y: 0)[0] } == [0, 85, 170, 255])
    let fourBit = try decode("basn0g04")
    #expect(fourBit.rgba(x: 4, y: 0) == [17, 17, 17, 255])
  }

  @Test func paletteTransparencyBecomesAlpha() throws {
    // Index 0 is white with tRNS alpha 0; index 123 is (198, 198, 198), past the single tRNS entry: opaque.
    let bitmap = try decode("tbbn3p08")
    #expect(bitmap.rgba(x: 0, y: 0) == [255, 255, 255, 0])
    #expect(bitmap.rgba(x: 3, y: 16) == [198, 198, 198, 255])
  }

  @Test func grayAndRGBTransparentColoursBecomeAlphaZero() throws {
    // tbbn0g04: tRNS gray 15 (white); sample 12 at (3, 16) is 12 * 17 = 204, opaque.
    let gray = try decode("tbbn0g04")
    #expect(gray.rgba(x: 0, y: 0) == [255, 255, 255, 0])
    #expect(gray.rgba(x: 3, y: 16) == [204, 204, 204, 255])
    // tbrn2c08: tRNS colour (255, 255, 255), which is the top-left pixel.
    let rgb = try decode("tbrn2c08")
    #expect(rgb.rgba(x: 0, y: 0) == [255, 255, 255, 0])
  }

  @Test func grayAlphaKeepsItsAlpha() throws {
    let bitmap = try decode("basn4a08")
    #expect(bitmap.rgba(x: 0, y: 0) == [255, 255, 255, 0])
    #expect(bitmap.rgba(x: 1, y: 0) == [255, 255, 255, 8])
    #expect(bitmap.rgba(x: 31, y: 0) == [255, 255, 255, 255])
    #expect(bitmap.rgba(x: 0, y: 31) == [0, 0, 0, 0])
  }

  @Test func sixteenBitSamplesAreRoundedNotTruncated() throws {
    // These samples were chosen because rounding and taking the high byte disagree on them.
    let gray = try decode("basn0g16")
    #expect(gray.rgba(x: 15, y: 0) == [134, 134, 134, 255])  // 34560 → 134.49 (high byte: 135)
    #expect(gray.rgba(x: 16, y: 0) == [143, 143, 143, 255])  // 36864 → 143.44 (high byte: 144)
    let rgb = try decode("basn2c16")
    #expect(rgb.rgba(x: 3, y: 0) == [230, 255, 0, 255])  // (59193, 65535, 0)
  }

  @Test func gammaChunkDoesNotChangeStoredSamples() throws {
    // g03n2c08 declares gamma 0.35; its stored sample at (0, 16) is (197, 0, 0). Converting to sRGB would
    // change it a lot; we promise the stored value.
    let bitmap = try decode("g03n2c08")
    #expect(bitmap.rgba(x: 0, y: 16) == [197, 0, 0, 255])
  }
}
