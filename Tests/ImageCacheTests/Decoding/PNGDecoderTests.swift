import CImageShims
import ImageEncoding
import Testing

@testable import ImageCache

@Suite struct PNGDecoderTests {
  /// A PNG signature, an IHDR claiming 100000×100000 RGBA (40 GB decoded), an empty IDAT and IEND: 57 bytes.
  /// CRCs (0xA8520BC8, 0x35AF061E, 0xAE426082) computed with Python's zlib.crc32. Decoding it for real would
  /// need 40 GB and then fail for lack of data; a cheap refusal proves the limit is checked first.
  static let hugeClaimPNG: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    + [0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]
    + [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 0x08, 0x06, 0x00, 0x00, 0x00]
    + [0xA8, 0x52, 0x0B, 0xC8]
    + [0x00, 0x00, 0x00, 0x00, 0x49, 0x44, 0x41, 0x54, 0x35, 0xAF, 0x06, 0x1E]
    + [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

  @Test func headerReportsTheClaimedSizeWithoutDecoding() throws {
    let header = try PNGDecoder().header(of: Self.hugeClaimPNG)
    #expect(header == ImageHeader(format: .png, width: 100_000, height: 100_000))
  }

  @Test func decodeRefusesHugeClaimAsTooLarge() {
    let error = #expect(throws: ImageDecodingError.self) {
      try ImageDecoder().decode(Self.hugeClaimPNG, limits: .default)
    }
    #expect(error == .tooLarge(width: 100_000, height: 100_000, maxPixels: 4096 * 4096))
  }

  /// The C shim checks the limit on its own too, before it allocates row pointers or decodes anything: here it
  /// is handed a 4-byte buffer and must still answer "too large" rather than write past it or run out of data.
  @Test func shimChecksTheLimitBeforeTouchingTheBuffer() {
    let error = #expect(throws: ImageDecodingError.self) {
      try NativeDecoding.decode(
        Self.hugeClaimPNG, header: ImageHeader(format: .png, width: 1, height: 1), limits: DecodingLimits(maxPixels: 1)
      ) { cimg_png_decode_rgba($0, $1, $2, $3, $4, $5, $6, $7, $8) }
    }
    #expect(error == .tooLarge(width: 100_000, height: 100_000, maxPixels: 1))
  }

  @Test func limitsAreInclusive() throws {
    let png = try PngSuite.bytes("basn2c08")
    #expect(try PNGDecoder().decode(png, limits: DecodingLimits(maxPixels: 32 * 32)).width == 32)
    #expect(throws: ImageDecodingError.tooLarge(width: 32, height: 32, maxPixels: 32 * 32 - 1)) {
      try PNGDecoder().decode(png, limits: DecodingLimits(maxPixels: 32 * 32 - 1))
    }
  }

  @Test func encoderOutputRoundTripsExactly() throws {
    // Given a 3×2 bitmap with every alpha level kind (opaque, translucent, fully transparent with colour)
    let pixels: [UInt8] = [
      255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0,
      1, 2, 3, 4, 250, 251, 252, 253, 127, 128, 129, 255,
    ]
    let bitmap = ImageBitmap(width: 3, height: 2, pixels: pixels)
    // When it is encoded and decoded again
    let decoded = try PNGDecoder().decode(try PNGEncoder.encode(bitmap), limits: .default)
    // Then every byte survives (PNG is lossless and we store straight alpha)
    #expect(decoded == bitmap)
  }

  @Test func truncatedPNGIsRefused() throws {
    let png = try PngSuite.bytes("basn2c08")
    for length in [33, 60, png.count / 2, png.count - 12, png.count - 1] {
      #expect(throws: ImageDecodingError.self, "cut at \(length)") {
        try PNGDecoder().decode(Array(png.prefix(length)), limits: .default)
      }
    }
  }

  @Test func shortInputIsCorruptNotACrash() {
    let signatureOnly = Array(ImageFormatSniffer.pngSignature)
    #expect(throws: ImageDecodingError.corrupt(format: .png, reason: "file ends before the IHDR chunk does")) {
      try PNGDecoder().header(of: signatureOnly)
    }
  }
}
