import Foundation
import ImageCache
import ImageEncoding

/// Images made on the spot: each one's size and colour follow from its number, so a test can tell which image a
/// caller got back.
enum TestImages {
  static func bitmap(_ number: Int, side: Int = 16) -> ImageBitmap {
    let width = side + number % 7
    let height = side + number % 5
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) {
      pixels[index] = UInt8(truncatingIfNeeded: number)
      pixels[index + 1] = UInt8(truncatingIfNeeded: number >> 8)
      pixels[index + 2] = UInt8(truncatingIfNeeded: index / 4)
    }
    return ImageBitmap(width: width, height: height, pixels: pixels)
  }

  static func png(_ number: Int, side: Int = 16) -> [UInt8] {
    try! PNGEncoder.encode(bitmap(number, side: side))
  }

  static func jpeg(_ number: Int, side: Int = 32) -> [UInt8] {
    try! JPEGEncoder.encode(bitmap(number, side: side))
  }

  /// A PNG whose first IDAT chunk's CRC is wrong (one bit flipped).
  static func pngWithBadCRC() -> [UInt8] {
    var bytes = png(1)
    let idat = chunkOffset("IDAT", in: bytes)!
    let length = Int(bytes[idat]) << 24 | Int(bytes[idat + 1]) << 16 | Int(bytes[idat + 2]) << 8 | Int(bytes[idat + 3])
    bytes[idat + 8 + length] ^= 0x01
    return bytes
  }

  /// A PNG whose IHDR (with a correct CRC) claims `width × height`; the rest is a tiny real image.
  static func pngClaiming(width: Int, height: Int) -> [UInt8] {
    var bytes = png(1)
    let ihdr = chunkOffset("IHDR", in: bytes)!
    for (offset, value) in [(8, width), (12, height)] {
      for shift in 0..<4 { bytes[ihdr + offset + shift] = UInt8(truncatingIfNeeded: value >> (24 - 8 * shift)) }
    }
    let crc = crc32(Array(bytes[(ihdr + 4)..<(ihdr + 8 + 13)]))
    for shift in 0..<4 { bytes[ihdr + 8 + 13 + shift] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(shift))) }
    return bytes
  }

  static let gif: [UInt8] =
    Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255, 0x2C, 0, 0, 0, 0]
    + [1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B]

  /// Offset of a chunk's length field.
  private static func chunkOffset(_ type: String, in bytes: [UInt8]) -> Int? {
    var offset = 8
    while offset + 8 <= bytes.count {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == type { return offset }
      offset += 12 + length
    }
    return nil
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
