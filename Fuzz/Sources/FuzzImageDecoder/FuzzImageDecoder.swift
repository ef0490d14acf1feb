import CFuzzDriver
import FuzzSupport
import ImageCache

/// The path the pipeline takes: sniff, read the header, decode; plus the sniffer on its own.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  let format = try? ImageFormatSniffer.format(of: bytes)
  if let header = checkHeaderAndDecode(ImageDecoder(), bytes) {
    precondition(header.format == format, "header format differs from the sniffed one")
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
