internal import CImageShims

/// Decodes PNG through libpng to 8-bit RGBA.
///
/// - Every colour type and bit depth is expanded to RGBA; a palette's tRNS and a gray/RGB tRNS colour become
///   alpha; 16-bit samples are scaled to 8 bits with rounding (`round(v * 255 / 65535)`).
/// - Gamma: samples are kept exactly as stored. gAMA, cHRM, sRGB, iCCP and bKGD are ignored, so a file with
///   gamma 0.35 yields the same bytes as its gamma-less twin; the caller gets what the encoder wrote.
/// - `header(of:)` parses the IHDR chunk in Swift (signature, length, type, fields, CRC) without touching libpng.
public struct PNGDecoder: ImageDecoding {
  /// A PNG decoder.
  public init() {}

  public func header(of data: [UInt8]) throws(ImageDecodingError) -> ImageHeader {
    guard try ImageFormatSniffer.format(of: data) == .png else {
      throw .corrupt(format: .png, reason: "no PNG signature (the bytes are a JPEG)")
    }
    return try PNGHeaderReader.header(of: data)
  }

  public func decode(_ data: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageBitmap {
    let header = try header(of: data)
    return try NativeDecoding.decode(data, header: header, limits: limits) {
      cimg_png_decode_rgba($0, $1, $2, $3, $4, $5, $6, $7, $8)
    }
  }
}

/// Reads width and height from the IHDR chunk that must directly follow the PNG signature.
enum PNGHeaderReader {
  /// Signature (8) + chunk length (4) + "IHDR" (4) + IHDR data (13) + CRC (4).
  static let byteCount = 33

  static func header(of data: [UInt8]) throws(ImageDecodingError) -> ImageHeader {
    guard data.count >= byteCount else { throw corrupt("file ends before the IHDR chunk does") }
    guard bigEndian(data, at: 8) == 13, data[12..<16].elementsEqual("IHDR".utf8) else {
      throw corrupt("first chunk is not a 13-byte IHDR")
    }
    let crc = data.withUnsafeBufferPointer { cimg_crc32(0, $0.baseAddress! + 12, 17) }
    guard crc == bigEndian(data, at: 29) else { throw corrupt("IHDR CRC mismatch") }
    let width = bigEndian(data, at: 16)
    let height = bigEndian(data, at: 20)
    guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
      throw corrupt("invalid dimensions \(width)×\(height)")
    }
    let bitDepth = data[24]
    let colorType = data[25]
    guard let allowedDepths = allowedBitDepths[colorType] else { throw corrupt("invalid colour type \(colorType)") }
    guard allowedDepths.contains(bitDepth) else {
      throw corrupt("bit depth \(bitDepth) is invalid for colour type \(colorType)")
    }
    guard data[26] == 0, data[27] == 0, data[28] <= 1 else {
      throw corrupt("unknown compression, filter or interlace method")
    }
    return ImageHeader(format: .png, width: Int(width), height: Int(height))
  }

  /// PNG specification, table 11.1.
  private static let allowedBitDepths: [UInt8: Set<UInt8>] = [
    0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
  ]

  private static func bigEndian(_ data: [UInt8], at offset: Int) -> UInt32 {
    UInt32(data[offset]) << 24 | UInt32(data[offset + 1]) << 16 | UInt32(data[offset + 2]) << 8
      | UInt32(data[offset + 3])
  }

  private static func corrupt(_ reason: String) -> ImageDecodingError { .corrupt(format: .png, reason: reason) }
}
