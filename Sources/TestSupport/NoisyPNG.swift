import ImageCache
import ImageEncoding

/// A PNG of pixels from a fixed pseudo-random sequence: incompressible, so it is about `side² × 4` bytes, and the
/// same `number` always gives the same bytes. For tests that need images of a known size on the wire or on disk.
public func noisyPNG(_ number: Int, side: Int) -> [UInt8] {
  try! PNGEncoder.encode(noisyBitmap(number, side: side))
}

/// A square RGBA bitmap of the same pseudo-random bytes: noise to any encoder (a JPEG of it is full of 0xFF bytes).
public func noisyBitmap(_ number: Int, side: Int) -> ImageBitmap {
  var state = UInt64(number &+ 1) &* 0x9E37_79B9_7F4A_7C15
  var pixels = [UInt8](repeating: 0, count: side * side * 4)
  for index in pixels.indices {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    pixels[index] = UInt8(truncatingIfNeeded: state >> 33)
  }
  return ImageBitmap(width: side, height: side, pixels: pixels)
}
