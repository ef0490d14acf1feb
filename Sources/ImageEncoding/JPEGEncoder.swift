internal import CImageShims
import ImageCache
internal import ImageCacheSupport

/// Writes RGBA bitmaps as baseline JPEG (tests, the demo catalog). Alpha is dropped: JPEG has no alpha channel,
/// and the colour channels are written as they are, not composited over a background.
public enum JPEGEncoder {
  public struct EncodingError: Error, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// `quality` follows libjpeg's 1...100 scale (clamped); 4:2:0 chroma subsampling, libjpeg's defaults otherwise.
  public static func encode(_ bitmap: ImageBitmap, quality: Int = 85) throws(EncodingError) -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let clampedQuality = Int32(min(max(quality, 1), 100))
    let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
      cimg_jpeg_encode_rgba(
        pixels.baseAddress, UInt32(clamping: bitmap.width), UInt32(clamping: bitmap.height), clampedQuality, &out,
        &size, &message, message.count)
    }
    guard status == CIMG_OK, let out else {
      throw EncodingError(description: "JPEG encoding failed: \(String(shimMessage: message))")
    }
    defer { cimg_free(out) }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }
}
