import ImageCache
import ImageCacheSupport
import Testing

/// The resampler's exact output on pseudo-random pictures (every channel and alpha value, shrinking, enlarging, a
/// region, both working spaces), as digests of the bytes: a change to its arithmetic that moves any byte fails
/// here, where the hand-worked cases in `ImageProcessorTests` cover only a few pixels.
@Suite struct ResamplerTests {
  /// `width × height` pixels of noise from `seed`; `opaque` keeps alpha at 255, otherwise alpha varies too and
  /// about one pixel in eight is fully transparent.
  private static func noise(_ width: Int, _ height: Int, seed: UInt64, opaque: Bool) -> ImageBitmap {
    var random = SplitMix64(seed: seed)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for index in 0..<(width * height) {
      let value = random.next()
      pixels[index * 4] = UInt8(truncatingIfNeeded: value)
      pixels[index * 4 + 1] = UInt8(truncatingIfNeeded: value >> 8)
      pixels[index * 4 + 2] = UInt8(truncatingIfNeeded: value >> 16)
      let alpha = UInt8(truncatingIfNeeded: value >> 24)
      pixels[index * 4 + 3] = opaque ? 255 : (value >> 32) % 8 == 0 ? 0 : alpha
    }
    return ImageBitmap(width: width, height: height, pixels: pixels)
  }

  /// FNV-1a over the bytes, in hex.
  private static func digest(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
  }

  private static let cover = noise(300, 300, seed: 1, opaque: true)
  private static let translucent = noise(300, 200, seed: 2, opaque: false)
  private static let small = noise(7, 5, seed: 3, opaque: false)

  @Test func shrinkingAnOpaqueCover() {
    let output = Resampler().rgba(Self.cover, width: 64, height: 64)
    #expect((output.width, output.height) == (64, 64))
    #expect(Self.digest(output.pixels) == "a66ab6cb98e1b7af")
  }

  @Test func shrinkingTranslucentPixelsAndARegion() {
    let whole = Resampler().rgba(Self.translucent, width: 64, height: 43)
    #expect(Self.digest(whole.pixels) == "66053ba1b1ca49c1")
    let region = PixelRegion(x: 50, y: 0, width: 200, height: 200)
    let part = Resampler().rgba(Self.translucent, region: region, width: 64, height: 64)
    #expect(Self.digest(part.pixels) == "7adfcce67f81aa5b")
  }

  @Test func enlargingBilinearly() {
    let output = Resampler().rgba(Self.small, width: 19, height: 13)
    #expect(Self.digest(output.pixels) == "2590a4c8550c6c39")
  }

  @Test func opaqueRGBInBothSpaces() {
    let background: (red: UInt8, green: UInt8, blue: UInt8) = (30, 40, 50)
    let sRGB = Resampler().rgb(Self.translucent, width: 37, height: 41, background: background)
    #expect(Self.digest(sRGB) == "5d4f5fb12cd60127")
    let linear = Resampler(linearLight: true, bilinearWhenEnlarging: false)
    #expect(
      Self.digest(linear.rgb(Self.translucent, width: 37, height: 41, background: background)) == "e8f8f80b7ae806c9")
    // Growing along one axis and shrinking along the other, with the box filter both ways.
    #expect(Self.digest(linear.rgb(Self.small, width: 23, height: 3, background: background)) == "7e89f622cbe1830f")
  }
}
