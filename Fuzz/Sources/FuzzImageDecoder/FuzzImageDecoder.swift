import CFuzzDriver
import FuzzSupport
import ImageCache

/// The paths the pipeline takes: sniff, read the header, decode (showing an image); sniff and check the structure
/// without decoding (prefetching one: the C checks in structure_check.c walk untrusted bytes too).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  let format = try? ImageFormatSniffer.format(of: bytes)
  let header = checkHeaderAndDecode(ImageDecoder(), bytes)
  if let header {
    precondition(header.format == format, "header format differs from the sniffed one")
  }
  if let validated = try? ImageDecoder().validate(bytes, limits: fuzzLimits) {
    precondition(validated == header, "the structure check's header differs from the header")
  }
  return 0
}

/// SwiftPM links executables with `--defsym main=FuzzImageDecoder_main`: this is the process entry, handing over to libFuzzer.
@_cdecl("FuzzImageDecoder_main")
func fuzzImageDecoderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzImageDecoder(data, size) }
}
