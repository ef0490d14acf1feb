import TerminalUI

/// Presenter formatting shared by every scene. Integer arithmetic only, so output never depends on the locale.
enum DisplayFormat {
  /// 987 → "987", 12_345 → "12.3K", 1_234_567 → "1.2M", 2_000_000 → "2M".
  static func compactCount(_ value: Int) -> String {
    let magnitude = abs(value)
    let sign = value < 0 ? "-" : ""
    let units: [(Int, String)] = [(1_000_000_000, "B"), (1_000_000, "M"), (1_000, "K")]
    for (index, (unit, suffix)) in units.enumerated() where magnitude >= unit {
      let tenths = (magnitude * 10 + unit / 2) / unit
      // Rounding 999_950 up gives "1000K": say "1M" instead.
      if tenths >= 10_000, index > 0 { return sign + tenthsText(tenths / 1_000) + units[index - 1].1 }
      return sign + tenthsText(tenths) + suffix
    }
    return sign + String(magnitude)
  }

  /// "1.2M listeners", "1 listener", "" when unknown.
  static func counted(_ value: Int?, _ singular: String, _ plural: String) -> String {
    guard let value else { return "" }
    return compactCount(value) + " " + (value == 1 ? singular : plural)
  }

  /// 225 → "3:45", 3723 → "1:02:03", nil/0 → "–".
  static func duration(_ seconds: Int?) -> String {
    guard let seconds, seconds > 0 else { return "–" }
    let hours = seconds / 3600
    let minutes = (seconds % 3600) / 60
    let rest = seconds % 60
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))"
      : "\(minutes):\(twoDigits(rest))"
  }

  /// 0.873 → "87%", clamped to 0...100.
  static func percent(_ fraction: Double) -> String {
    guard fraction.isFinite else { return "0%" }
    let value = Int((min(max(fraction, 0), 1) * 100).rounded())
    return "\(value)%"
  }

  /// Untrusted text made safe and short: escapes and controls gone, cut to `columns` with "…".
  static func clean(_ text: String, columns: Int) -> String {
    TerminalText.truncate(sanitized(text), toColumns: columns)
  }

  /// Whitespace runs (including newlines) collapsed to one space, escape sequences removed, then sanitised.
  static func sanitized(_ text: String) -> String {
    let withoutEscapes = EscapeSequences.strip(text)
    let words = withoutEscapes.split(whereSeparator: { $0.isWhitespace })
    return TerminalText.sanitize(words.joined(separator: " "))
  }

  /// Removes HTML tags (Last.fm bios end with `<a href=…>Read more on Last.fm</a>`) and common entities.
  static func plainText(fromHTML html: String) -> String {
    var output = ""
    var insideTag = false
    for character in html {
      if character == "<" {
        insideTag = true
      } else if character == ">" && insideTag {
        insideTag = false
      } else if !insideTag {
        output.append(character)
      }
    }
    let entities = [("&amp;", "&"), ("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">")]
    return entities.reduce(output) { $0.replacing($1.0, with: $1.1) }
  }

  private static func tenthsText(_ tenths: Int) -> String {
    tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
