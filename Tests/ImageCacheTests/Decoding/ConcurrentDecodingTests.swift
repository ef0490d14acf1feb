import ImageCache
import Testing

/// The pipeline decodes on many tasks at once; the shims keep all state per call (no globals in libpng or
/// libjpeg usage), so concurrent decodes must give exactly the serial results.
@Suite struct ConcurrentDecodingTests {
  @Test func parallelDecodesMatchSerialOnes() async throws {
    let names = ["basn2c08", "basi6a16", "tbbn3p08", "s39i3p04", "basn0g01", "f04n2c08"]
    let files = try names.map { try PngSuite.bytes($0) } + [try JPEGCodecTests.encodedGradient()]
    let decoder = ImageDecoder()
    let serial = try files.map { try decoder.decode($0, limits: .default) }

    let parallel = try await withThrowingTaskGroup(of: (Int, ImageBitmap).self) { group in
      for _ in 0..<8 {
        for (index, data) in files.enumerated() {
          group.addTask { (index, try decoder.decode(data, limits: .default)) }
        }
      }
      var results: [(Int, ImageBitmap)] = []
      for try await result in group { results.append(result) }
      return results
    }

    #expect(parallel.count == files.count * 8)
    for (index, bitmap) in parallel {
      #expect(bitmap == serial[index], "file \(index)")
    }
  }
}
