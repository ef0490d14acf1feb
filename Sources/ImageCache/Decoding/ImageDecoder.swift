internal import CImageShims
internal import ImageCacheSupport

/// The decoder the pipeline uses: sniffs the format from the bytes, then hands them to the PNG or JPEG decoder.
public struct ImageDecoder: ImageDecoding {
  private let png = PNGDecoder()
  private let jpeg = JPEGDecoder()

  /// A decoder for PNG and JPEG.
  public init() {}

  public func header(of data: [UInt8]) throws(ImageDecodingError) -> ImageHeader {
    switch try ImageFormatSniffer.format(of: data) {
    // The IHDR reader directly: PNGDecoder.header would sniff the signature a second time.
    case .png: try PNGHeaderReader.header(of: data)
    case .jpeg: try jpeg.header(of: data)
    }
  }

  public func decode(_ data: [UInt8], limits: DecodingLimits = .default) throws(ImageDecodingError) -> ImageBitmap {
    switch try ImageFormatSniffer.format(of: data) {
    case .png: try png.decode(data, limits: limits)
    case .jpeg: try jpeg.decode(data, limits: limits)
    }
  }

  /// Header, pixel limit and structure: PNG chunk CRCs and framing, JPEG markers from SOI to EOI. Catches
  /// truncation, bit flips, HTML and GIF bodies and oversized claims for a CRC pass instead of a decode.
  public func validate(_ data: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageHeader {
    let header = try header(of: data)
    _ = try limits.rgbaByteCount(for: header)
    var message = [CChar](repeating: 0, count: 160)
    let status = data.withUnsafeBufferPointer { bytes in
      switch header.format {
      case .png: cimg_png_check_structure(bytes.baseAddress, bytes.count, &message, message.count)
      case .jpeg: cimg_jpeg_check_structure(bytes.baseAddress, bytes.count, &message, message.count)
      }
    }
    guard status == 0 else {
      throw .corrupt(format: header.format, reason: String(shimMessage: message))
    }
    return header
  }
}
