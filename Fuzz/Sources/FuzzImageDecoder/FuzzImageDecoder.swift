import CFuzzDriver
import ImageCache

let fuzzLimits = DecodingLimits(maxPixels: 1 << 20)

/// The path the pipeline takes: sniff, read the header, decode; plus the sniffer on its own.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let format = try? ImageFormatSniffer.format(of: bytes)
  let decoder = ImageDecoder()
  let header = try? decoder.header(of: bytes)
  if let header { precondition(header.format == format, "header format differs from the sniffed one") }
  if let bitmap = try? decoder.decode(bytes, limits: fuzzLimits) {
    precondition(header?.width == bitmap.width && header?.height == bitmap.height, "header disagrees with decode")
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4, "wrong pixel buffer size")
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
