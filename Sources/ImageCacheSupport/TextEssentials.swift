/// The few string operations the package needs that live in full Foundation (`trimmingCharacters(in:)`,
/// `addingPercentEncoding`, `removingPercentEncoding`), which would bring ICU into the binaries. These run on
/// Unicode properties and UTF-8 bytes directly, which also skips Foundation's round trip through `NSString`.
extension StringProtocol {
  /// Without leading and trailing white space, newlines included (Unicode's definition, as
  /// `Character.isWhitespace`: what `trimmingCharacters(in: .whitespacesAndNewlines)` removes).
  public func trimmingWhitespace() -> SubSequence {
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
    return self[first...lastIndex(where: { !$0.isWhitespace })!]
  }
}

/// Percent-encoding (RFC 3986) over UTF-8 bytes.
public enum PercentEncoding {
  /// RFC 3986's unreserved characters: letters, digits, `-._~`.
  public static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// `text` with every byte `keep` refuses written as `%XX` (upper-case hex).
  public static func encode(_ text: some StringProtocol, keeping keep: (UInt8) -> Bool = isUnreserved) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if keep(byte) {
        bytes.append(byte)
      } else {
        bytes.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` with each `%XX` decoded; nil when a `%` is not followed by two hex digits or the result is not UTF-8.
  public static func decode(_ text: some StringProtocol) -> String? {
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
