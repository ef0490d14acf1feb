/// A decoded image: 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom, no padding.
public struct ImageBitmap: Equatable {
  public let width: Int
  public let height: Int
  /// `width * height * 4` bytes.
  public let pixels: [UInt8]

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
  case png
  case jpeg

  public var contentType: String {
    switch self {
    case .png: "image/png"
    case .jpeg: "image/jpeg"
    }
  }
}

/// What a header alone tells: enough to size a view or refuse an image before decoding it.
public struct ImageHeader: Equatable {
  public let format: ImageFormat
  public let width: Int
  public let height: Int

  public init(format: ImageFormat, width: Int, height: Int) {
    self.format = format
    self.width = width
    self.height = height
  }
}

extension ImageBitmap: Sendable {}
extension ImageFormat: Sendable {}
extension ImageHeader: Sendable {}
