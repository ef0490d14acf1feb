/// A step applied to a decoded image before it is handed out and kept in the memory tier: resizing a cover to the
/// thumbnail a row shows, cropping it.
///
/// The memory tier keys a processed image by its URL and the `identifier` of every processor in order, so two
/// processors that can give different pixels must have different identifiers, and equal ones the same.
public protocol ImageProcessing: Sendable {
  /// Names this step and every parameter that changes its output, e.g. `"resize(64x64,fill)"`.
  var identifier: String { get }
  /// The processed image. Throwing fails the request with `ImageManagerError.processing`.
  func process(_ image: ImageBitmap) throws -> ImageBitmap
}

/// Why a processor refused an image.
public struct ImageProcessingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, in a sentence.
  public let description: String

  /// An error that says `description`.
  public init(_ description: String) {
    self.description = description
  }
}

/// The processors the library ships.
public enum ImageProcessors {
  /// Scales an image into a box of `width × height` pixels: area averaging when shrinking, bilinear when enlarging.
  public struct Resize: ImageProcessing, Hashable {
    /// How the image meets the box.
    public enum ContentMode: String, Sendable, CaseIterable {
      /// The whole image inside the box, aspect ratio kept: one side matches the box, the other is shorter.
      case fit
      /// The box covered, aspect ratio kept, and the overflow cropped from both sides: the result is the box's size.
      case fill
    }

    /// The box's width in pixels.
    public let width: Int
    /// The box's height in pixels.
    public let height: Int
    /// Fit inside the box or fill it.
    public let contentMode: ContentMode
    /// Whether an image smaller than the box is enlarged; when false it keeps its size (cropped to the box's
    /// aspect ratio with `.fill`).
    public let upscale: Bool
    /// `"resize(WxH,MODE)"`, with `",upscale"` before the parenthesis closes when enlarging is allowed.
    public let identifier: String

    /// A box of `width × height` pixels (each at least 1).
    public init(width: Int, height: Int, contentMode: ContentMode = .fit, upscale: Bool = false) {
      self.width = max(1, width)
      self.height = max(1, height)
      self.contentMode = contentMode
      self.upscale = upscale
      identifier = "resize(\(self.width)x\(self.height),\(contentMode.rawValue)\(upscale ? ",upscale" : ""))"
    }

    /// A square box of `size × size` pixels.
    public init(size: Int, contentMode: ContentMode = .fit, upscale: Bool = false) {
      self.init(width: size, height: size, contentMode: contentMode, upscale: upscale)
    }

    /// The image scaled into the box (the image itself when it already has the planned size); throws for an
    /// image with no pixels.
    public func process(_ image: ImageBitmap) throws -> ImageBitmap {
      guard image.width > 0, image.height > 0 else { throw ImageProcessingError("the image has no pixels") }
      let (region, outputWidth, outputHeight) = plan(width: image.width, height: image.height)
      if region == PixelRegion(image) && outputWidth == image.width && outputHeight == image.height { return image }
      return Resampler().rgba(image, region: region, width: outputWidth, height: outputHeight)
    }

    /// The source region read and the size it is scaled to, for an image of `width × height`.
    func plan(width sourceWidth: Int, height sourceHeight: Int) -> (PixelRegion, Int, Int) {
      let horizontal = Double(width) / Double(sourceWidth)
      let vertical = Double(height) / Double(sourceHeight)
      var scale = contentMode == .fit ? min(horizontal, vertical) : max(horizontal, vertical)
      if !upscale { scale = min(scale, 1) }
      let whole = PixelRegion(x: 0, y: 0, width: sourceWidth, height: sourceHeight)
      switch contentMode {
      case .fit:
        let outputWidth = max(1, min(width, Int((Double(sourceWidth) * scale).rounded())))
        let outputHeight = max(1, min(height, Int((Double(sourceHeight) * scale).rounded())))
        return (whole, outputWidth, outputHeight)
      case .fill:
        let outputWidth = max(1, min(width, Int((Double(sourceWidth) * scale).rounded())))
        let outputHeight = max(1, min(height, Int((Double(sourceHeight) * scale).rounded())))
        // The centred part of the source with the output's aspect ratio.
        let regionWidth = max(1, min(sourceWidth, Int((Double(outputWidth) / scale).rounded())))
        let regionHeight = max(1, min(sourceHeight, Int((Double(outputHeight) / scale).rounded())))
        let region = PixelRegion(
          x: (sourceWidth - regionWidth) / 2, y: (sourceHeight - regionHeight) / 2, width: regionWidth,
          height: regionHeight)
        return (region, outputWidth, outputHeight)
      }
    }
  }

  /// Cuts a rectangle of pixels out of an image; the part of the rectangle outside the image is ignored.
  public struct Crop: ImageProcessing, Hashable {
    /// The rectangle's left edge, in pixels from the image's left.
    public var x: Int { rectangle.x }
    /// The rectangle's top edge, in pixels from the image's top.
    public var y: Int { rectangle.y }
    /// The rectangle's width in pixels.
    public var width: Int { rectangle.width }
    /// The rectangle's height in pixels.
    public var height: Int { rectangle.height }
    /// `"crop(X,Y,WxH)"`.
    public let identifier: String
    private let rectangle: PixelRegion

    /// The rectangle with its top-left corner at (`x`, `y`), `width × height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
      rectangle = PixelRegion(x: x, y: y, width: width, height: height)
      identifier = "crop(\(x),\(y),\(width)x\(height))"
    }

    /// Throws when the rectangle and the image do not overlap.
    public func process(_ image: ImageBitmap) throws -> ImageBitmap {
      guard let region = rectangle.clipped(to: image) else {
        throw ImageProcessingError(
          "crop rectangle \(width)x\(height) at (\(x), \(y)) is outside the \(image.width)x\(image.height) image")
      }
      if region == PixelRegion(image) { return image }
      let rowBytes = region.width * 4
      var pixels = [UInt8]()
      pixels.reserveCapacity(rowBytes * region.height)
      for row in region.y..<(region.y + region.height) {
        let start = (row * image.width + region.x) * 4
        pixels.append(contentsOf: image.pixels[start..<(start + rowBytes)])
      }
      return ImageBitmap(width: region.width, height: region.height, pixels: pixels)
    }
  }
}
