import ImageCache
import ImageEncoding
import Testing

@Test func encodedPNGStartsWithSignature() throws {
  let bitmap = ImageBitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 128])
  let png = try PNGEncoder.encode(bitmap)
  #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
}
