import CFuzzDriver
import ImageCache

/// Pixel budget for the fuzzers: big enough for every seed, small enough that a header claiming a huge image is
/// refused before libFuzzer's memory limit is reached.
let fuzzLimits = DecodingLimits(maxPixels: 1 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let decoder = JPEGDecoder()
  let header = try? decoder.header(of: bytes)
  if let bitmap = try? decoder.decode(bytes, limits: fuzzLimits) {
    // A decode that succeeds must agree with the header and stay within the limit.
    precondition(header?.width == bitmap.width && header?.height == bitmap.height, "header disagrees with decode")
    precondition(bitmap.width * bitmap.height <= fuzzLimits.maxPixels, "limit not enforced")
  }
  return 0
}

/// SwiftPM links executables with `--defsym main=FuzzJPEG_main`: this is the process entry, handing over to libFuzzer.
@_cdecl("FuzzJPEG_main")
func fuzzJPEGMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzJPEG(data, size) }
}
