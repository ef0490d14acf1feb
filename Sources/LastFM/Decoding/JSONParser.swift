/// A JSON parser (RFC 8259) from bytes straight into `JSONValue`.
///
/// Written here because the alternatives cost more than these lines: `JSONSerialization` lives in full Foundation,
/// which brings ICU's 34 MB into the binary, and a `Decodable` `JSONValue` finds each value's kind by trying every
/// case, throwing an error with its coding path on each miss (a quarter of the browser's first-screen CPU, five
/// times this way; BENCHMARKS.md). Strict about the grammar, so an HTML error page or a cut-off answer is refused;
/// invalid UTF-8 inside strings is repaired with U+FFFD, as anything shown later is sanitised anyway.
struct JSONParser {
  /// Deeper nesting than any Last.fm answer, and shallow enough that a hostile document cannot exhaust the stack.
  static let maximumDepth = 512

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0

  /// The document in `bytes`, or nil when they are not exactly one JSON value (surrounding white space allowed;
  /// a UTF-8 byte order mark is skipped).
  static func parse(_ bytes: [UInt8]) -> JSONValue? {
    bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(bytes: buffer)
      if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
      parser.skipSpace()
      guard let value = parser.value() else { return nil }
      parser.skipSpace()
      return parser.index == buffer.count ? value : nil
    }
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
  }

  private mutating func value() -> JSONValue? {
    switch current {
    case UInt8(ascii: "{"): return nested { $0.object() }
    case UInt8(ascii: "["): return nested { $0.array() }
    case UInt8(ascii: "\""): return string().map(JSONValue.string)
    case UInt8(ascii: "t"): return literal("true", .bool(true))
    case UInt8(ascii: "f"): return literal("false", .bool(false))
    case UInt8(ascii: "n"): return literal("null", .null)
    case .some: return number()
    case nil: return nil
    }
  }

  private mutating func nested(_ body: (inout JSONParser) -> JSONValue?) -> JSONValue? {
    guard depth < Self.maximumDepth else { return nil }
    depth += 1
    defer { depth -= 1 }
    index += 1  // the opening bracket
    return body(&self)
  }

  private mutating func object() -> JSONValue? {
    var members: [(key: String, value: JSONValue)] = []
    skipSpace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(JSONObject(members: members))
    }
    while true {
      skipSpace()
      guard current == UInt8(ascii: "\""), let key = string() else { return nil }
      skipSpace()
      guard current == UInt8(ascii: ":") else { return nil }
      index += 1
      skipSpace()
      guard let member = value() else { return nil }
      members.append((key, member))
      skipSpace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(JSONObject(members: members))
      default: return nil
      }
    }
  }

  private mutating func array() -> JSONValue? {
    var elements: [JSONValue] = []
    skipSpace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipSpace()
      guard let element = value() else { return nil }
      elements.append(element)
      skipSpace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: return nil
      }
    }
  }

  private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
    let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard bytes.count - index >= text.count, bytes[index..<index + text.count].elementsEqual(text) else { return nil }
    index += text.count
    return value
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, checked before `Double` reads it.
  private mutating func number() -> JSONValue? {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    if current == UInt8(ascii: "0") {
      index += 1
    } else if !digits() {
      return nil
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard digits() else { return nil }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard digits() else { return nil }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    return Double(text).map(JSONValue.number)
  }

  /// Skips one or more decimal digits; false when there is none.
  private mutating func digits() -> Bool {
    let start = index
    while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
    return index > start
  }

  /// A string starting at the opening quote. Most have no escapes and are decoded in place.
  private mutating func string() -> String? {
    index += 1
    let start = index
    while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
    guard let stop = current, stop >= 0x20 else { return nil }
    if stop == UInt8(ascii: "\"") {
      index += 1
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
    }
    var text = Array(bytes[start..<index])
    while let byte = current {
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard escape(into: &text) else { return nil }
      case ..<0x20: return nil  // a raw control character: not JSON
      default: text.append(byte)
      }
    }
    return nil
  }

  /// The escape after a backslash, appended to `text` as UTF-8; a lone surrogate becomes U+FFFD.
  private mutating func escape(into text: inout [UInt8]) -> Bool {
    guard let byte = current else { return false }
    index += 1
    let simple: UInt8? =
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      text.append(simple)
      return true
    }
    guard byte == UInt8(ascii: "u"), let unit = hexUnit() else { return false }
    var scalar = Unicode.Scalar(unit)
    if (0xD800..<0xDC00).contains(unit), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
      bytes[index + 1] == UInt8(ascii: "u")
    {
      let mark = index
      index += 2
      if let low = hexUnit(), (0xDC00..<0xE000).contains(low) {
        scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
      } else {
        index = mark  // not a pair: the next escape is read on its own
      }
    }
    text.append(contentsOf: String(Character(scalar ?? "\u{FFFD}")).utf8)
    return true
  }

  /// Four hex digits.
  private mutating func hexUnit() -> UInt16? {
    guard bytes.count - index >= 4 else { return nil }
    var unit: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      unit = unit << 4 | UInt16(digit)
      index += 1
    }
    return unit
  }
}
