extension StringProtocol {
  /// Without leading and trailing spaces and tabs, HTTP's optional white space (RFC 9110 §5.6.3); no Foundation
  /// round trip, as this runs on header values of every response.
  public func trimmingHTTPWhitespace() -> SubSequence {
    let isBlank = { (character: Character) in character == " " || character == "\t" }
    guard let first = firstIndex(where: { !isBlank($0) }) else { return self[endIndex...] }
    return self[first...lastIndex(where: { !isBlank($0) })!]
  }
}
