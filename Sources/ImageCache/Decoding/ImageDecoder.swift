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
    try data.withUnsafeBufferPointer { bytes throws(ImageDecodingError) in
      try checkStructure(UnsafeRawBufferPointer(bytes), of: header, limits)
    }
    return header
  }

  /// The pixel limit, then PNG chunk CRCs and framing or JPEG markers from SOI to EOI.
  private func checkStructure(
    _ bytes: UnsafeRawBufferPointer, of header: ImageHeader, _ limits: DecodingLimits
  ) throws(ImageDecodingError) {
    _ = try limits.rgbaByteCount(for: header)
    let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
    var message = [CChar](repeating: 0, count: 160)
    let status =
      switch header.format {
      case .png: cimg_png_check_structure(start, bytes.count, &message, message.count)
      case .jpeg: cimg_jpeg_check_structure(start, bytes.count, &message, message.count)
      }
    guard status == 0 else {
      throw .corrupt(format: header.format, reason: String(shimMessage: message))
    }
  }
}

extension ImageDecoder: StreamedBodyValidating {
  /// `validate` over bytes that are not in an array (a file mapped into memory), without copying them: the
  /// format, the header and any error's hint come from the first bytes, the structure check reads them all.
  func validate(mapped bytes: UnsafeRawBufferPointer, limits: DecodingLimits) throws(ImageDecodingError)
    -> ImageHeader
  {
    let head = Array(bytes.prefix(ImageFormatSniffer.hintByteCount))
    let header: ImageHeader
    switch try ImageFormatSniffer.format(of: head) {
    case .png: header = try PNGHeaderReader.header(of: head)
    case .jpeg: header = try JPEGDecoder.header(of: bytes.assumingMemoryBound(to: UInt8.self))
    }
    try checkStructure(bytes, of: header, limits)
    return header
  }

  /// `validate` of a PNG whose structure `PNGStreamCheck` passed as it arrived: the header and the pixel limit,
  /// from its first bytes (`head`), are what is left, in the order `validate(mapped:limits:)` checks them.
  func validate(streamedPNGHead head: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageHeader {
    let header = try PNGHeaderReader.header(of: head)
    _ = try limits.rgbaByteCount(for: header)
    return header
  }
}
