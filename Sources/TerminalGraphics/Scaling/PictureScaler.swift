import BlockArt
import ImageCache

/// Resizes pictures for the graphics protocols: area averaging along an axis that shrinks (every source pixel counts,
/// so thin lines and noise average out instead of aliasing), bilinear along one that grows. Transparent source pixels
/// are composited onto `background`; the result is opaque.
public struct PictureScaler {
  public var background: RGBColor

  public init(background: RGBColor = .black) {
    self.background = background
  }

  /// `bitmap` resized to exactly `width × height` (the caller keeps the aspect ratio), by ImageCache's resampler:
  /// the one the resize processor and block art use.
  public func scale(_ bitmap: ImageBitmap, width: Int, height: Int) -> ImageBitmap {
    guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else {
      return ImageBitmap(width: 0, height: 0, pixels: [])
    }
    let rgb = Resampler().rgb(
      bitmap, width: width, height: height, background: (background.red, background.green, background.blue))
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    for index in 0..<(width * height) {
      rgba[index * 4] = rgb[index * 3]
      rgba[index * 4 + 1] = rgb[index * 3 + 1]
      rgba[index * 4 + 2] = rgb[index * 3 + 2]
    }
    return ImageBitmap(width: width, height: height, pixels: rgba)
  }
}

extension PictureScaler: Sendable {}
