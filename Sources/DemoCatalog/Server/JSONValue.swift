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

  var serialized: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .string(let text): Self.writeString(text, to: &output)
    case .int(let number): output += String(number)
    case .array(let items):
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += "," }
        item.write(to: &output)
      }
      output += "]"
    case .object(let pairs): Self.writeObject(pairs.map { ($0.key, $0.value) }, to: &output)
    case .orderedObject(let pairs): Self.writeObject(pairs, to: &output)
    }
  }

  private static func writeObject(_ pairs: [(String, JSONValue)], to output: inout String) {
    output += "{"
    for (index, (key, value)) in pairs.enumerated() {
      if index > 0 { output += "," }
      writeString(key, to: &output)
      output += ":"
      value.write(to: &output)
    }
    output += "}"
  }

  private static func writeString(_ text: String, to output: inout String) {
    output += "\""
    // Names, ids and URLs never need escaping: appended whole. Appending them scalar by scalar below was most of
    // the time spent serialising an answer (BENCHMARKS.md).
    if !text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) {
      output += text
      output += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
