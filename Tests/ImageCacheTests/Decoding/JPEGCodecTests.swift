import ImageCache
import ImageEncoding
import Testing

@Suite struct JPEGCodecTests {
  /// 37×23 (not a multiple of the 8/16-pixel block size, to exercise the edges): red rises left to right,
  /// green top to bottom, blue fixed. Alpha 0 everywhere, which JPEG must drop.
  static let gradient: ImageBitmap = {
    let width = 37
    let height = 23
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        pixels += [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), 128, 0]
      }
    }
    return ImageBitmap(width: width, height: height, pixels: pixels)
  }()

  static func encodedGradient() throws -> [UInt8] { try JPEGEncoder.encode(gradient, quality: 95) }

  @Test func roundTripKeepsSizeAndColoursWithinJPEGTolerance() throws {
    let jpeg = try Self.encodedGradient()
    #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
    #expect(Array(jpeg.suffix(2)) == [0xFF, 0xD9])

    let header = try ImageDecoder().header(of: jpeg)
    let decoded = try ImageDecoder().decode(jpeg, limits: .default)

    #expect(header == ImageHeader(format: .jpeg, width: 37, height: 23))
    #expect(decoded.width == 37 && decoded.height == 23)
    var largestError = 0
    var totalError = 0
    for index in decoded.pixels.indices where index % 4 != 3 {
      let error = abs(Int(decoded.pixels[index]) - Int(Self.gradient.pixels[index]))
      largestError = max(largestError, error)
      totalError += error
    }
    // Quality 95 with 4:2:0 chroma on a smooth gradient: a few levels off at most, about one on average.
    #expect(largestError <= 10)
    #expect(Double(totalError) / Double(37 * 23 * 3) < 2.5)
    #expect(stride(from: 3, to: decoded.pixels.count, by: 4).allSatisfy { decoded.pixels[$0] == 255 })
  }

  @Test func truncatedJPEGIsRefusedNotPadded() throws {
    let jpeg = try Self.encodedGradient()
    // Half the entropy-coded data, and the complete data missing only its EOI marker.
    for length in [jpeg.count / 2, jpeg.count - 2] {
      let error = #expect(throws: ImageDecodingError.self, "cut at \(length) of \(jpeg.count)") {
        try JPEGDecoder().decode(Array(jpeg.prefix(length)), limits: .default)
      }
      guard case .corrupt(format: .jpeg, let reason)? = error else {
        Issue.record("expected .corrupt(.jpeg), got \(String(describing: error))")
        continue
      }
      #expect(reason == "Premature end of JPEG file")
    }
  }

  @Test func garbageAfterStartOfImageIsRefused() {
    // FF D8 FF, then bytes from a fixed linear congruential sequence: a JPEG by its magic, nothing after.
    var state: UInt32 = 12345
    let garbage: [UInt8] = (0..<500).map { _ in
      state = state &* 1_103_515_245 &+ 12345
      return UInt8(truncatingIfNeeded: state >> 16)
    }
    let data: [UInt8] = [0xFF, 0xD8, 0xFF] + garbage
    #expect(throws: ImageDecodingError.self) { try ImageDecoder().header(of: data) }
    let error = #expect(throws: ImageDecodingError.self) { try ImageDecoder().decode(data, limits: .default) }
    guard case .corrupt(format: .jpeg, _)? = error else {
      Issue.record("expected .corrupt(.jpeg), got \(String(describing: error))")
      return
    }
  }

  @Test func hugeClaimInFrameHeaderIsTooLarge() throws {
    // Given a real 8×8 JPEG whose SOF0 segment is patched to claim 60000×60000
    var jpeg = try JPEGEncoder.encode(ImageBitmap(width: 8, height: 8, pixels: Array(repeating: 200, count: 256)))
    let sof = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    // FF C0, length (2), precision (1), height (2), width (2)
    jpeg.replaceSubrange(sof + 5..<sof + 9, with: [0xEA, 0x60, 0xEA, 0x60])
    // Then the header reports the claim, and decoding refuses it before allocating 14 GB
    #expect(try JPEGDecoder().header(of: jpeg) == ImageHeader(format: .jpeg, width: 60000, height: 60000))
    #expect(throws: ImageDecodingError.tooLarge(width: 60000, height: 60000, maxPixels: 4096 * 4096)) {
      try JPEGDecoder().decode(jpeg, limits: .default)
    }
  }

  @Test func encoderRefusesAnEmptyBitmap() {
    #expect(throws: JPEGEncoder.EncodingError.self) {
      try JPEGEncoder.encode(ImageBitmap(width: 0, height: 0, pixels: []))
    }
  }

  @Test func decodersRefuseTheOtherFormat() throws {
    let png = try PngSuite.bytes("basn2c08")
    let jpeg = try Self.encodedGradient()
    #expect(throws: ImageDecodingError.self) { try JPEGDecoder().header(of: png) }
    #expect(throws: ImageDecodingError.self) { try PNGDecoder().header(of: jpeg) }
  }
}
