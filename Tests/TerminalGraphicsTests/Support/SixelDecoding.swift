import CSixel
import Glibc
import ImageCache

extension ProtocolDecoding {
  /// The picture in the first sixel sequence (`ESC P … q … ESC \`) of `bytes`, decoded by libsixel.
  static func sixelPicture(_ bytes: [UInt8]) throws -> ImageBitmap {
    guard let start = find([escape, UInt8(ascii: "P")], in: bytes, from: 0),
      let end = find([escape, UInt8(ascii: "\\")], in: bytes, from: start)
    else { throw DecodingFailure("no complete sixel sequence") }
    var sequence = Array(bytes[start..<(end + 2)])
    var indices: UnsafeMutablePointer<UInt8>?
    var palette: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0
    var height: Int32 = 0
    var colors: Int32 = 0
    let status = sixel_decode_raw(
      &sequence, Int32(sequence.count), &indices, &width, &height, &palette, &colors, nil)
    defer {
      free(indices)
      free(palette)
    }
    guard status & 0x1000 == 0, let indices, let palette else { throw DecodingFailure("libsixel could not decode") }
    // Palette indices per pixel; the palette holds RGB triplets.
    var pixels: [UInt8] = []
    pixels.reserveCapacity(Int(width * height) * 4)
    for index in 0..<Int(width * height) {
      let colour = Int(indices[index]) * 3
      pixels += [palette[colour], palette[colour + 1], palette[colour + 2], 255]
    }
    return ImageBitmap(width: Int(width), height: Int(height), pixels: pixels)
  }
}
