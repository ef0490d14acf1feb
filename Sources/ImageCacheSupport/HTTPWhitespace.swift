extension StringProtocol where UTF8View: BidirectionalCollection {
  /// Without leading and trailing spaces and tabs, HTTP's optional white space (RFC 9110 §5.6.3); no Foundation
  /// round trip, as this runs on header values of every response.
  public func trimmingHTTPWhitespace() -> SubSequence {
    // By UTF-8 byte: both are ASCII, and walking Characters would break graphemes on every header value.
    let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    guard let first = utf8.firstIndex(where: { !isBlank($0) }) else { return self[endIndex...] }
    // From the end backwards: a value rarely ends in blanks, so this is one step, not a walk over the value.
    let last = utf8.lastIndex(where: { !isBlank($0) })!
    return self[first..<utf8.index(after: last)]
  }
}
