/// Turns encoded bytes into headers and bitmaps. Implementations must never crash on bad input:
/// every failure is an `ImageDecodingError`.
public protocol ImageDecoding: Sendable {
  /// Reads only as much as needed for the dimensions; never allocates pixel buffers.
  func header(of data: [UInt8]) throws(ImageDecodingError) -> ImageHeader
  /// Full decode to 8-bit RGBA. Checks `limits` against the header before allocating pixels.
  func decode(_ data: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageBitmap
  /// Checks the bytes are a whole, uncorrupted image within `limits` without decoding pixels where the format
  /// allows it (checksums and framing). Prefetching stores bytes it does not show; showing still decodes fully.
  func validate(_ data: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageHeader
}

extension ImageDecoding {
  /// By default, validation is a full decode: slower, never weaker.
  public func validate(_ data: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageHeader {
    let bitmap = try decode(data, limits: limits)
    let header = try header(of: data)
    guard header.width == bitmap.width, header.height == bitmap.height else {
      throw .corrupt(format: header.format, reason: "decoded size differs from the header")
    }
    return header
  }
}

/// Bounds a decoder checks before it allocates pixels, so a tiny file claiming a huge image cannot
/// exhaust memory.
public struct DecodingLimits: Equatable {
  /// Largest width × height accepted, checked from the header before any pixel buffer exists.
  public var maxPixels: Int

  /// Limits allowing at most `maxPixels` pixels (by default 4096 × 4096).
  public init(maxPixels: Int = 4096 * 4096) {
    self.maxPixels = maxPixels
  }

  /// At most 4096 × 4096 pixels.
  public static let `default` = DecodingLimits()
}

/// Why bytes could not be read as an image.
public enum ImageDecodingError: Error, Equatable {
  /// Not PNG or JPEG (an HTML error page, a GIF, garbage, nothing at all).
  case unsupportedFormat(hint: String)
  /// The header states more pixels than `DecodingLimits.maxPixels`.
  case tooLarge(width: Int, height: Int, maxPixels: Int)
  /// The bytes claim a supported format but are broken; `reason` comes from the codec.
  case corrupt(format: ImageFormat, reason: String)
}

extension ImageDecodingError: CustomStringConvertible {
  /// One line saying what is wrong with the image.
  public var description: String {
    switch self {
    case .unsupportedFormat(let hint): "not a PNG or JPEG image (\(hint))"
    case .tooLarge(let w, let h, let max): "image is \(w)×\(h), more than the limit of \(max) pixels"
    case .corrupt(let format, let reason): "corrupt \(format.rawValue.uppercased()) image: \(reason)"
    }
  }
}

extension DecodingLimits: Sendable {}
extension ImageDecodingError: Sendable {}
