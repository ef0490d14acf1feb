/// A JSON value that keeps object keys in the order written, so responses read like Last.fm's and are
/// byte-for-byte reproducible (Foundation's serialisers reorder keys or depend on dictionary order).
indirect enum JSONValue {
  case string(String)
  case int(Int)
  case array([JSONValue])
  /// An object written as a literal, keys in source order.
  case object(KeyValuePairs<String, JSONValue>)
  /// An object whose keys are assembled at run time (some present only sometimes), in array order.
  case orderedObject([(String, JSONValue)])
  /// A value already written (`bytes` of another `JSONValue`), kept to be written again as is.
  case written([UInt8])

  var serialized: String { String(decoding: bytes, as: UTF8.self) }

  /// The UTF-8 of `serialized`, written straight into bytes: a page of 200 scrobbles is a few hundred kilobytes,
  /// and appending to a `String` piece by piece was most of what serving it cost (BENCHMARKS.md).
  var bytes: [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(16_384)
    write(to: &output)
    return output
  }

  /// `bytes` in storage of their own size, for a value that is kept (a track's fragments, for as long as the
  /// server runs): kept as `bytes` returns them, each would hold on to the 16 KB reserved for a whole answer.
  var keptBytes: [UInt8] { bytes.withUnsafeBufferPointer { Array($0) } }

  private func write(to output: inout [UInt8]) {
    switch self {
    case .string(let text): Self.writeString(text, to: &output)
    case .int(let number): output.append(contentsOf: String(number).utf8)
    case .written(let bytes): output.append(contentsOf: bytes)
    case .array(let items):
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        item.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let pairs):
      output.append(UInt8(ascii: "{"))
      for (index, pair) in pairs.enumerated() { Self.writeMember(pair.key, pair.value, first: index == 0, to: &output) }
      output.append(UInt8(ascii: "}"))
    case .orderedObject(let pairs):
      output.append(UInt8(ascii: "{"))
      for (index, pair) in pairs.enumerated() { Self.writeMember(pair.0, pair.1, first: index == 0, to: &output) }
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func writeMember(_ key: String, _ value: JSONValue, first: Bool, to output: inout [UInt8]) {
    if !first { output.append(UInt8(ascii: ",")) }
    writeString(key, to: &output)
    output.append(UInt8(ascii: ":"))
    value.write(to: &output)
  }

  private static func writeString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      // Names, ids and URLs never need escaping: appended whole.
      guard utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else {
        output.append(contentsOf: utf8)
        return
      }
      for byte in utf8 {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
        case UInt8(ascii: "\n"): output.append(contentsOf: #"\n"#.utf8)
        case UInt8(ascii: "\r"): output.append(contentsOf: #"\r"#.utf8)
        case UInt8(ascii: "\t"): output.append(contentsOf: #"\t"#.utf8)
        case 0..<0x20:
          let hex = String(byte, radix: 16)
          output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
        default: output.append(byte)
        }
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
