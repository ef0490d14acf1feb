/// A paste the terminal brackets with markers while bracketed paste is on (`ESC [ ? 2004 h`): `ESC [ 200 ~`, the
/// text, `ESC [ 201 ~`. Collects the text between them as bytes arrive, split anywhere (a marker cut in two by a
/// read included), so a pasted line break is text and never Enter.
struct BracketedPaste {
  static let start: [UInt8] = Array("\u{1B}[200~".utf8)
  static let end: [UInt8] = Array("\u{1B}[201~".utf8)
  /// A paste larger than this keeps its first megabyte; the rest is read and dropped until the end marker.
  static let longestText = 1 << 20

  private var text: [UInt8] = []

  /// Takes the bytes of `bytes` up to the end marker. Returns how many bytes it used, and whether the end marker
  /// was among them. Bytes at the end that might begin a marker the next read completes are not used yet.
  mutating func take(_ bytes: ArraySlice<UInt8>) -> (used: Int, ended: Bool) {
    var searchFrom = bytes.startIndex
    while let escape = bytes[searchFrom...].firstIndex(of: 0x1B) {
      let rest = bytes[escape...]
      if rest.starts(with: Self.end) {
        append(bytes[bytes.startIndex..<escape])
        return (escape + Self.end.count - bytes.startIndex, true)
      }
      if Self.end.starts(with: rest) {
        // A marker's beginning at the end of what has arrived: wait for the rest.
        append(bytes[bytes.startIndex..<escape])
        return (escape - bytes.startIndex, false)
      }
      searchFrom = escape + 1
    }
    append(bytes)
    return (bytes.count, false)
  }

  /// The text so far, line breaks (CR, CRLF, LF: terminals send a pasted newline as CR) as "\n"; invalid UTF-8 as
  /// U+FFFD.
  var pastedText: String {
    String(decoding: text, as: UTF8.self).replacing("\r\n", with: "\n").replacing("\r", with: "\n")
  }

  /// Adds `bytes` to the text as they are (up to `longestText`).
  mutating func append(_ bytes: ArraySlice<UInt8>) {
    let room = Self.longestText - text.count
    if room > 0 { text.append(contentsOf: bytes.prefix(room)) }
  }
}

extension BracketedPaste: Sendable {}
