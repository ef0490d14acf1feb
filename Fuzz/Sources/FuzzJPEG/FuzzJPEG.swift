import CFuzzDriver
import Foundation
import FuzzSupport
import ImageCache
import ImageEncoding

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  checkHeaderAndDecode(JPEGDecoder(), fuzzInput(data, size))
  return 0
}

/// SwiftPM links executables with `--defsym main=FuzzJPEG_main`: this is the process entry, handing over to libFuzzer.
@_cdecl("FuzzJPEG_main")
func fuzzJPEGMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  // No JPEG among the fixtures and no ImageMagick on CI: `scripts/fuzz` asks this binary for seed files.
  if let folder = getenv("FUZZ_WRITE_SEEDS") {
    writeSeeds(to: String(cString: folder))
    return 0
  }
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzJPEG(data, size) }
}

/// Baseline JPEGs of a few sizes (odd ones exercise partial MCUs) and qualities.
func writeSeeds(to folder: String) {
  for (width, height) in [(1, 1), (8, 8), (17, 9), (33, 31)] {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) {
      pixels[index] = UInt8(truncatingIfNeeded: index * 7)
      pixels[index + 1] = UInt8(truncatingIfNeeded: index / 3)
    }
    let bitmap = ImageBitmap(width: width, height: height, pixels: pixels)
    for quality in [10, 75, 100] {
      guard let bytes = try? JPEGEncoder.encode(bitmap, quality: quality) else { continue }
      let path = "\(folder)/seed-\(width)x\(height)-q\(quality).jpg"
      _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }
  }
}
