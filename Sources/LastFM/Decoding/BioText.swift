import FoundationEssentials
import ImageCacheSupport

/// Turns Last.fm's HTML-ish wiki text into plain text for a terminal: drops the
/// "Read more on Last.fm" link and the licence boilerplate, strips tags, decodes entities.
enum BioText {
  static func plain(_ html: String?) -> String? {
    guard var text = html else { return nil }
    text = text.replacing("\r\n", with: "\n")
    // The link (and the full stop Last.fm puts after it) is an artefact of the web page.
    text = text.replacing(readMoreLink, with: "")
    text = text.replacing(licenceNotice, with: "")
    text = text.replacing(lineBreakTag, with: "\n")
    text = text.replacing(paragraphEndTag, with: "\n\n")
    text = text.replacing(anyTag, with: "")
    text = decodeEntities(text)
    text = text.replacing(blankLineRun, with: "\n\n")
    return String(text.trimmingWhitespace()).nilIfEmpty
  }

  /// Named entities Last.fm uses, plus decimal and hex character references.
  static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return text.replacing(entity) { match -> String in
      let body = match.output[1].substring.map(String.init) ?? ""
      if let scalar = characterReference(body) { return String(Character(scalar)) }
      return namedEntities[body] ?? String(match.output[0].substring ?? "")
    }
  }

  private static func characterReference(_ body: String) -> Unicode.Scalar? {
    guard body.hasPrefix("#") else { return nil }
    let digits = body.dropFirst()
    let value: UInt32? =
      digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
    return value.flatMap(Unicode.Scalar.init)
  }

  private static let namedEntities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
    "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "copy": "©",
  ]

  private static var readMoreLink: Regex<AnyRegexOutput> {
    try! Regex(#"(?i)\s*<a\b[^>]*>\s*Read more on Last\.fm\s*</a>\.?"#)
  }
  private static var licenceNotice: Regex<AnyRegexOutput> {
    try! Regex(#"(?i)\s*User-contributed text is available under the Creative Commons By-SA License;[^.]*\.?"#)
  }
  private static var lineBreakTag: Regex<AnyRegexOutput> { try! Regex(#"(?i)<br\s*/?>"#) }
  private static var paragraphEndTag: Regex<AnyRegexOutput> { try! Regex(#"(?i)</p\s*>"#) }
  private static var anyTag: Regex<AnyRegexOutput> { try! Regex(#"<[^>]*>"#) }
  private static var blankLineRun: Regex<AnyRegexOutput> { try! Regex(#"\n[ \t]*\n(?:[ \t]*\n)+"#) }
  private static var entity: Regex<AnyRegexOutput> { try! Regex(#"&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);"#) }
}
