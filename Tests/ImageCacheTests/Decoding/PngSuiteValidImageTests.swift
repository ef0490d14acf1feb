import ImageCache
import Testing

@Suite struct PngSuiteValidImageTests {
  let decoder = PNGDecoder()

  @Test func suiteHasAllItsFiles() {
    // 161 valid images (160 test images + the logo) and 14 corrupt ones; an empty list would test nothing.
    #expect(PngSuite.validNames.count == 161)
    #expect(PngSuite.corruptNames.count == 14)
  }

  @Test(arguments: PngSuite.validNames)
  func validImageDecodesToItsStatedSize(name: String) throws {
    let data = try PngSuite.bytes(name)
    let expected = PngSuite.statedSize(of: name)

    let header = try decoder.header(of: data)
    let bitmap = try decoder.decode(data, limits: .default)

    #expect(header == ImageHeader(format: .png, width: expected.width, height: expected.height))
    #expect(bitmap.width == expected.width && bitmap.height == expected.height)
    #expect(bitmap.pixels.count == expected.width * expected.height * 4)
  }

  /// Adam7 interlacing only reorders the stored pixels, so each interlaced file must decode to exactly the same
  /// bitmap as its non-interlaced twin (basi*/basn*, sNNi*/sNNn*).
  @Test(arguments: PngSuite.interlacedNamesWithTwin)
  func interlacedImageEqualsItsNonInterlacedTwin(name: String) throws {
    let interlaced = try decoder.decode(try PngSuite.bytes(name), limits: .default)
    let plain = try decoder.decode(try PngSuite.bytes(PngSuite.nonInterlacedTwin(of: name)), limits: .default)
    #expect(interlaced == plain)
  }

  @Test func interlacedTwinsAreFound() {
    // basi* (15) and s01i..s09i, s32i..s40i (18); bgai4a08/16 have no bgan4a* twin in the suite.
    #expect(PngSuite.interlacedNamesWithTwin.count == 33)
  }
}
