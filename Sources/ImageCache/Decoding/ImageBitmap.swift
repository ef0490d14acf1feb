/// A decoded image: 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom, no padding.
public struct ImageBitmap: Equatable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 4` bytes.
  public let pixels: [UInt8]

  /// A bitmap of `pixels`, which must hold exactly `width * height * 4` bytes.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA buffer size mismatch")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// What the memory tier charges for keeping this image.
  public var cost: Int { pixels.count }
}

/// The container formats the decoders understand, sniffed from the bytes.
public enum ImageFormat: String, Codable, CaseIterable {
  /// PNG (any bit depth and colour type, interlaced or not).
  case png
  /// Baseline or progressive JPEG.
  case jpeg

  /// The MIME type: `image/png` or `image/jpeg`.
  public var contentType: String {
    switch self {
    case .png: "image/png"
    case .jpeg: "image/jpeg"
    }
  }
}

/// What a header alone tells: enough to size a view or refuse an image before decoding it.
public struct ImageHeader: Equatable {
  /// The container format.
  public let format: ImageFormat
  /// Width in pixels, as the header states it.
  public let width: Int
  /// Height in pixels, as the header states it.
  public let height: Int

  /// A header with the given format and size.
  public init(format: ImageFormat, width: Int, height: Int) {
    self.format = format
    self.width = width
    self.height = height
  }
}

extension ImageBitmap: Sendable {}
extension ImageFormat: Sendable {}
extension ImageHeader: Sendable {}
