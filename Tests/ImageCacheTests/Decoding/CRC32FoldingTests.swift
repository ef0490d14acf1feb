import CImageShims
import Testing

/// `cimg_crc32` folds 16 bytes a step with PCLMULQDQ and hands the tail to zlib; every length and alignment around
/// the 16- and 64-byte boundaries must give the checksum a bit-by-bit reference computes.
@Suite struct CRC32FoldingTests {
  /// The definition, one bit at a time: nothing shared with either implementation under test.
  static func reference(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
    var value = ~crc
    for byte in bytes {
      value ^= UInt32(byte)
      for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
    }
    return ~value
  }

  static func checksum(_ bytes: ArraySlice<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBufferPointer { cimg_crc32(crc, $0.baseAddress, $0.count) }
  }

  static func pseudoRandomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
  }

  @Test func knownCheckValues() {
    // "123456789" → 0xCBF43926 is the catalogued check value of CRC-32/ISO-HDLC.
    #expect(Self.checksum(ArraySlice(Array("123456789".utf8))) == 0xCBF4_3926)
    #expect(Self.checksum([]) == 0)
    // A 1 KB block of zeros goes through the folding path.
    #expect(Self.checksum(ArraySlice(repeating: 0, count: 1024)) == Self.reference(repeatElement(0, count: 1024)))
  }

  @Test func everyLengthAndAlignmentMatchesTheReference() {
    let bytes = Self.pseudoRandomBytes(600, seed: 42)
    for offset in 0..<16 {
      for length in 0...(bytes.count - 16) {
        let slice = bytes[offset..<(offset + length)]
        #expect(Self.checksum(slice) == Self.reference(slice), "offset \(offset), length \(length)")
      }
    }
  }

  @Test func continuingAChecksumEqualsOnePass() {
    let bytes = Self.pseudoRandomBytes(70_000, seed: 7)
    let whole = Self.reference(bytes)
    #expect(Self.checksum(bytes[...]) == whole)
    for split in [1, 15, 64, 65, 4096, 69_999] {
      let first = Self.checksum(bytes[..<split])
      #expect(Self.checksum(bytes[split...], continuing: first) == whole, "split at \(split)")
    }
  }

  @Test func thisMachineUsesTheFoldingPath() {
    // Every x86-64 CPU since 2010 has PCLMULQDQ; if this fails, the tests above only covered zlib's fallback.
    #if arch(x86_64)
      #expect(cimg_crc32_uses_folding() == 1)
    #endif
  }
}
