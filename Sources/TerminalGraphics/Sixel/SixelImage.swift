internal import CSixel

/// Sixel encoding by libsixel: it chooses the palette (up to 256 colours) and dithers, which are not ours to
/// rewrite.
enum SixelImage {
  /// The sixel sequence (`ESC P q` … `ESC \`) for RGB pixels in at most `colors` colours (2…256), or nil when
  /// libsixel fails (out of memory).
  static func encode(rgb: [UInt8], width: Int, height: Int, colors: Int = 256) -> [UInt8]? {
    guard width > 0, height > 0, rgb.count == width * height * 3 else { return nil }
    let sink = ByteSink()
    var output: OpaquePointer?
    let status = sixel_output_new(
      &output,
      { data, size, context in
        guard let data, let context, size > 0 else { return 0 }
        let sink = Unmanaged<ByteSink>.fromOpaque(context).takeUnretainedValue()
        data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
          sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
        }
        return size
      }, Unmanaged.passUnretained(sink).toOpaque(), nil)
    guard succeeded(status), let output else { return nil }
    defer { sixel_output_unref(output) }

    var dither: OpaquePointer?
    guard succeeded(sixel_dither_new(&dither, Int32(min(256, max(2, colors))), nil)), let dither else { return nil }
    defer { sixel_dither_unref(dither) }
    var pixels = rgb
    let encoded = pixels.withUnsafeMutableBufferPointer { buffer -> Bool in
      let start = buffer.baseAddress!
      let format = Int32(SIXEL_PIXELFORMAT_RGB888)
      guard
        succeeded(
          sixel_dither_initialize(
            dither, start, Int32(width), Int32(height), format, Int32(SIXEL_LARGE_AUTO), Int32(SIXEL_REP_AUTO),
            Int32(SIXEL_QUALITY_AUTO)))
      else { return false }
      return succeeded(sixel_encode(start, Int32(width), Int32(height), 3, dither, output))
    }
    return withExtendedLifetime(sink) { encoded ? sink.bytes : nil }
  }

  private static func succeeded(_ status: Int32) -> Bool { status & 0x1000 == 0 }
}

/// Collects what libsixel's write callback hands over; used on one thread during one encode.
private final class ByteSink {
  var bytes: [UInt8] = []
}
