internal import CImageShims
internal import ImageCacheSupport

extension DecodingLimits {
  /// Refuses a header whose pixel count exceeds the limit; returns the RGBA byte count otherwise.
  func rgbaByteCount(for header: ImageHeader) throws(ImageDecodingError) -> Int {
    let tooLarge = ImageDecodingError.tooLarge(width: header.width, height: header.height, maxPixels: maxPixels)
    let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
    guard !overflow, pixels <= maxPixels else { throw tooLarge }
    let (bytes, byteOverflow) = pixels.multipliedReportingOverflow(by: 4)
    guard !byteOverflow else { throw tooLarge }
    return bytes
  }
}

/// Runs one of the C decode shims into a Swift-owned array sized from the already-checked header, so the
/// pixels are written once and never copied.
enum NativeDecoding {
  typealias Shim = (
    _ data: UnsafePointer<UInt8>?, _ size: Int, _ maxPixels: UInt64, _ out: UnsafeMutablePointer<UInt8>?,
    _ capacity: Int, _ width: UnsafeMutablePointer<UInt32>?, _ height: UnsafeMutablePointer<UInt32>?,
    _ err: UnsafeMutablePointer<CChar>?, _ errSize: Int
  ) -> cimg_status

  static func decode(
    _ data: [UInt8], header: ImageHeader, limits: DecodingLimits, shim: Shim
  ) throws(ImageDecodingError) -> ImageBitmap {
    let byteCount = try limits.rgbaByteCount(for: header)
    var failure: ImageDecodingError?
    let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
      var width: UInt32 = 0
      var height: UInt32 = 0
      var message = [CChar](repeating: 0, count: 256)
      let status = data.withUnsafeBufferPointer { input in
        shim(
          input.baseAddress, input.count, UInt64(clamping: limits.maxPixels), buffer.baseAddress, buffer.count, &width,
          &height, &message, message.count)
      }
      if status == CIMG_OK, Int(width) == header.width, Int(height) == header.height {
        initializedCount = byteCount
        return
      }
      initializedCount = 0
      failure = error(
        status: status, format: header.format, width: Int(width), height: Int(height), limits: limits,
        message: String(shimMessage: message))
    }
    if let failure { throw failure }
    return ImageBitmap(width: header.width, height: header.height, pixels: pixels)
  }

  /// Maps a shim status to the public error. A size disagreement between our header parser and the codec's
  /// (which would need a bug on one side) is reported as corruption rather than trusted.
  private static func error(
    status: cimg_status, format: ImageFormat, width: Int, height: Int, limits: DecodingLimits, message: String
  ) -> ImageDecodingError {
    switch status {
    case CIMG_TOO_LARGE: .tooLarge(width: width, height: height, maxPixels: limits.maxPixels)
    case CIMG_OK: .corrupt(format: format, reason: "codec read \(width)×\(height), header said otherwise")
    case CIMG_NO_MEMORY: .corrupt(format: format, reason: "out of memory: \(message)")
    default: .corrupt(format: format, reason: message)
    }
  }
}
