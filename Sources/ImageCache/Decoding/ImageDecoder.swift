/// The decoder the pipeline uses: sniffs the format from the bytes, then hands them to the PNG or JPEG decoder.
public struct ImageDecoder: ImageDecoding {
  private let png = PNGDecoder()
  private let jpeg = JPEGDecoder()

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
}
