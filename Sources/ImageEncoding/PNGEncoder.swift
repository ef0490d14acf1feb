internal import CImageShims
import ImageCache
internal import ImageCacheSupport

/// Writes RGBA bitmaps as PNG (the demo catalog's covers, test fixtures).
public enum PNGEncoder {
  public struct EncodingError: Error, Sendable, CustomStringConvertible {
    public let description: String
  }

  public static func encode(_ bitmap: ImageBitmap) throws(EncodingError) -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
      cimg_png_encode_rgba(
        pixels.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), &out, &size, &message, message.count)
    }
    guard status == 0, let out else {
      throw EncodingError(description: "PNG encoding failed: \(String(shimMessage: message))")
    }
    defer { cimg_free(out) }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }
}
