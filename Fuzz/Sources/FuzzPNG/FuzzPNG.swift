import CFuzzDriver
import FuzzSupport
import ImageCache

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  checkHeaderAndDecode(PNGDecoder(), fuzzInput(data, size))
  return 0
}

/// SwiftPM links executables with `--defsym main=FuzzPNG_main`: this is the process entry, handing over to libFuzzer.
@_cdecl("FuzzPNG_main")
func fuzzPNGMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzPNG(data, size) }
}
