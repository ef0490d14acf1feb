extension StringProtocol {
  /// Without leading and trailing spaces and tabs, HTTP's optional white space (RFC 9110 §5.6.3); no Foundation
  /// round trip, as this runs on header values of every response.
  public func trimmingHTTPWhitespace() -> SubSequence {
    // By UTF-8 byte: both are ASCII, and walking Characters would break graphemes on every header value.
    let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    guard let first = utf8.firstIndex(where: { !isBlank($0) }) else { return self[endIndex...] }
    var end = utf8.index(after: first)
    var index = end
    while index < utf8.endIndex {
      let next = utf8.index(after: index)
      if !isBlank(utf8[index]) { end = next }
      index = next
    }
    return self[first..<end]
  }
}
