/// JSON on its way to a terminal or a script. An encoder escapes the C0 controls it must, but writes the rest of a
/// string as it is: a C1 control (U+009B is a CSI on its own), DEL, a bidi override or a U+FEFF would reach the
/// terminal raw inside a string value. Every one of them is written as a `\uXXXX` escape instead, which any JSON
/// reader turns back into the same character, so a name keeps every character it had (its leading U+FEFF
/// included) and the bytes printed hold no control or invisible character.
public enum JSONText {
  /// `json`, valid JSON from an encoder, with its controls and invisible characters escaped. Outside strings a
  /// JSON document holds only ASCII punctuation, letters, digits and white space, so every character escaped here
  /// is inside a string, where the escape means the same character.
  public static func escapingInvisibles(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: needsEscape) else { return json }
    var escaped = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      guard needsEscape(scalar) else {
        escaped.append(scalar)
        continue
      }
      for unit in String(scalar).utf16 { escaped.append(contentsOf: escape(unit).unicodeScalars) }
    }
    return String(escaped)
  }

  /// Controls past the C0 range (DEL and C1), format characters (bidi controls, U+FEFF, zero width characters) and
  /// the line and paragraph separators; C0 controls are left to the encoder, which escapes them in strings, and
  /// the white space between values is JSON's own.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x7F { return false }
    if value < 0xA0 { return true }
    if value < 0x300 { return value == 0xAD }
    switch scalar.properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  private static func escape(_ unit: UInt16) -> String {
    let hex = String(unit, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
