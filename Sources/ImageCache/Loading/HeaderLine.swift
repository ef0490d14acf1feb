/// One line libcurl hands the header callback, parsed at the byte level: this runs for every header of every
/// response, where Foundation's `trimmingCharacters` would make an NSString round trip of each.
enum HeaderLine: Equatable {
  /// `HTTP/1.1 200 OK`, `HTTP/2 304`: a new response begins (redirects and 1xx each send one).
  case statusLine
  /// A field, name lower-cased, value without surrounding spaces, tabs, CR or LF.
  case field(name: String, value: String)
  /// The blank line after the headers, or anything that is not a field.
  case other

  init(_ line: UnsafeRawBufferPointer) {
    let bytes = line.bindMemory(to: UInt8.self)
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, Self.isSpace(bytes[start]) { start += 1 }
    while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
    if end - start >= 5, bytes[start] == UInt8(ascii: "H"), bytes[start + 1] == UInt8(ascii: "T"),
      bytes[start + 2] == UInt8(ascii: "T"), bytes[start + 3] == UInt8(ascii: "P"),
      bytes[start + 4] == UInt8(ascii: "/")
    {
      self = .statusLine
      return
    }
    guard let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) else {
      self = .other
      return
    }
    var nameEnd = colon
    while nameEnd > start, Self.isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
    guard nameEnd > start else {
      self = .other
      return
    }
    var valueStart = colon + 1
    while valueStart < end, Self.isSpace(bytes[valueStart]) { valueStart += 1 }
    let name = String(unsafeUninitializedCapacity: nameEnd - start) { buffer in
      for offset in 0..<(nameEnd - start) { buffer[offset] = Self.lowercased(bytes[start + offset]) }
      return nameEnd - start
    }
    self = .field(name: name, value: String(decoding: bytes[valueStart..<end], as: UTF8.self))
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
  }
}
