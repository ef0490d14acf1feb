internal import CImageShims
internal import ImageCacheSupport

/// Decodes JPEG through libjpeg-turbo to 8-bit RGBA (alpha 255).
///
/// - Gray, YCbCr and RGB files convert inside libjpeg; Adobe CMYK/YCCK files get a naive inverted-CMYK conversion.
/// - A file that ends early is refused: libjpeg would pad it with gray and only warn, and such an image must
///   not end up cached as if it were whole. Milder warnings (stray bytes before a marker) are tolerated.
/// - EXIF orientation is not applied; pixels come out in stored order.
/// - `header(of:)` lets libjpeg read the markers up to the first scan: no entropy decoding, no pixel buffers.
public struct JPEGDecoder: ImageDecoding {
  /// A JPEG decoder.
  public init() {}

  public func header(of data: [UInt8]) throws(ImageDecodingError) -> ImageHeader {
    guard try ImageFormatSniffer.format(of: data) == .jpeg else {
      throw .corrupt(format: .jpeg, reason: "no JPEG start-of-image marker (the bytes are a PNG)")
    }
    return try data.withUnsafeBufferPointer { input throws(ImageDecodingError) in try Self.header(of: input) }
  }

  /// The markers up to the first scan of bytes already known to start like a JPEG.
  static func header(of input: UnsafeBufferPointer<UInt8>) throws(ImageDecodingError) -> ImageHeader {
    var width: UInt32 = 0
    var height: UInt32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = cimg_jpeg_read_header(input.baseAddress, input.count, &width, &height, &message, message.count)
    guard status == CIMG_OK else { throw .corrupt(format: .jpeg, reason: String(shimMessage: message)) }
    return ImageHeader(format: .jpeg, width: Int(width), height: Int(height))
  }

  public func decode(_ data: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageBitmap {
    let header = try header(of: data)
    return try NativeDecoding.decode(data, header: header, limits: limits) {
      cimg_jpeg_decode_rgba($0, $1, $2, $3, $4, $5, $6, $7, $8)
    }
  }
}
