/// Reads a PNG's signature and IHDR dimensions straight from the bytes, independent of any decoder.
enum PNGHeader {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// (width, height) when `bytes` start with the PNG signature and an IHDR chunk; nil otherwise.
  static func dimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      return nil
    }
    func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (bigEndian(16), bigEndian(20))
  }
}
