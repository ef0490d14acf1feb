internal import CImageShims

/// How the disk tier keeps a processed image (`ImageRequest.Options.storeProcessedOnDisk`): the RGBA pixels as
/// they are, behind a 20-byte header, so reading one back costs a copy and a checksum instead of a decode and the
/// processors.
///
/// Raw pixels rather than PNG: ImageCache has no encoder of its own (`ImageEncoding` sits above it), and a 64 × 64
/// thumbnail is 16 KiB either way. The header is the magic `ICRGBA1\n`, the width and the height (32-bit
/// little-endian), and the CRC-32 of the width, height and pixels, so a short, truncated or bit-flipped entry is
/// told from a sound one. `imgcache verify` accepts entries that `decode(_:limits:)` reads back.
package enum StoredBitmap {
  /// The content type the disk tier's index records for a processed image.
  package static let contentType = "image/x-imgcache-rgba"

  private static let magic: [UInt8] = Array("ICRGBA1\n".utf8)
  private static let headerSize = 20

  /// `bitmap` in the stored format.
  package static func encode(_ bitmap: ImageBitmap) -> [UInt8] {
    var bytes = magic
    bytes.reserveCapacity(headerSize + bitmap.pixels.count)
    appendLittleEndian(UInt32(bitmap.width), to: &bytes)
    appendLittleEndian(UInt32(bitmap.height), to: &bytes)
    appendLittleEndian(checksum(size: bytes[8..<16], pixels: bitmap.pixels[...]), to: &bytes)
    bytes += bitmap.pixels
    return bytes
  }

  /// The image in `bytes`; nil when they are not a sound entry of this format (another format, a wrong size, a
  /// checksum that does not match) or hold more than `limits.maxPixels` pixels.
  package static func decode(_ bytes: [UInt8], limits: DecodingLimits = .default) -> ImageBitmap? {
    guard bytes.count >= headerSize, bytes[0..<8].elementsEqual(magic) else { return nil }
    let width = Int(littleEndian(bytes, at: 8))
    let height = Int(littleEndian(bytes, at: 12))
    let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixelCount <= limits.maxPixels, bytes.count - headerSize == pixelCount * 4 else { return nil }
    let pixels = Array(bytes[headerSize...])
    guard littleEndian(bytes, at: 16) == checksum(size: bytes[8..<16], pixels: pixels[...]) else { return nil }
    return ImageBitmap(width: width, height: height, pixels: pixels)
  }

  private static func checksum(size: ArraySlice<UInt8>, pixels: ArraySlice<UInt8>) -> UInt32 {
    let crc = size.withUnsafeBufferPointer { cimg_crc32(0, $0.baseAddress!, $0.count) }
    return pixels.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return crc }
      return cimg_crc32(crc, base, buffer.count)
    }
  }

  private static func appendLittleEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
  }

  private static func littleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { value, index in value | UInt32(bytes[offset + index]) << UInt32(8 * index) }
  }
}

extension StoredBitmap {
  /// The disk key of `cacheKey`'s image processed by `processors`: the cache key, then the processors' identifiers
  /// after a `#`, which a cache key never contains (fragments are dropped), so it never names an original.
  static func diskKey(_ cacheKey: String, _ processors: [any ImageProcessing]) -> String {
    cacheKey + "#" + processors.map(\.identifier).joined(separator: "|")
  }
}
