import ImageCache
import ImageEncoding
import Testing

@Test func encodedPNGStartsWithSignature() throws {
  let bitmap = ImageBitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 128])
  let png = try PNGEncoder.encode(bitmap)
  #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
}

/// IHDR's colour type: the byte after width, height and bit depth (offset 8 + 4 + 4 + 4 + 4 + 1).
private func colourType(_ png: [UInt8]) -> UInt8 { png[25] }

private func gradient(width: Int, height: Int, alpha: (Int, Int) -> UInt8) -> ImageBitmap {
  var pixels: [UInt8] = []
  for y in 0..<height {
    for x in 0..<width {
      pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8((x ^ y) & 255)]
      pixels.append(alpha(x, y))
    }
  }
  return ImageBitmap(width: width, height: height, pixels: pixels)
}

@Test func anOpaquePictureIsWrittenAsRGBAndDecodesToTheSamePixels() throws {
  let bitmap = gradient(width: 37, height: 23) { _, _ in 255 }
  let png = try PNGEncoder.encode(bitmap)
  #expect(colourType(png) == 2)  // RGB: no alpha channel to compress
  let decoded = try ImageDecoder().decode(png, limits: .default)
  #expect(decoded.width == 37 && decoded.height == 23)
  #expect(decoded.pixels == bitmap.pixels)
}

@Test func aPictureWithTransparencyKeepsItsAlpha() throws {
  // One pixel not fully opaque is enough to need the channel.
  let bitmap = gradient(width: 16, height: 9) { x, y in x == 15 && y == 8 ? 254 : 255 }
  let png = try PNGEncoder.encode(bitmap)
  #expect(colourType(png) == 6)  // RGBA
  let decoded = try ImageDecoder().decode(png, limits: .default)
  #expect(decoded.pixels == bitmap.pixels)
}

@Test func anEmptyPictureIsRefusedWithAReason() {
  let error = #expect(throws: PNGEncoder.EncodingError.self) {
    try PNGEncoder.encode(ImageBitmap(width: 0, height: 4, pixels: []))
  }
  #expect(error?.description.contains("0x4") == true)
}
