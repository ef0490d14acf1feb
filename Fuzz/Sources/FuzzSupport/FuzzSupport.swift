import ImageCache

/// Pixel budget for the fuzzers: big enough for every seed, small enough that a header claiming a huge image is
/// refused before libFuzzer's memory limit is reached.
public let fuzzLimits = DecodingLimits(maxPixels: 1 << 20)

/// libFuzzer's input as the byte array the decoders take.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
}

/// Reads the header and decodes; a decode that succeeds must agree with the header, stay within the limit and fill
/// exactly width × height × 4 bytes. Returns the header, if any.
@discardableResult
public func checkHeaderAndDecode(_ decoder: some ImageDecoding, _ bytes: [UInt8]) -> ImageHeader? {
  let header = try? decoder.header(of: bytes)
  if let bitmap = try? decoder.decode(bytes, limits: fuzzLimits) {
    precondition(header?.width == bitmap.width && header?.height == bitmap.height, "header disagrees with decode")
    precondition(bitmap.width * bitmap.height <= fuzzLimits.maxPixels, "limit not enforced")
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4, "wrong pixel buffer size")
  }
  return header
}
