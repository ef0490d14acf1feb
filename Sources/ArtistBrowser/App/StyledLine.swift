import TerminalUI

/// Turns a line rendered by the scenes into a `ScreenLine`. Scene lines are plain text except for block-art
/// thumbnails, which carry SGR colour codes; a `.text` segment would sanitise those away, so the line goes out
/// preformatted instead — after everything but SGR colour codes (`ESC [ digits ; … m`) has been removed, so
/// nothing else that reaches a scene line (an API name, say) can drive the terminal.
enum StyledLine {
  /// One preformatted segment, or several split at the columns in `edges` (where pictures begin and end, so
  /// the renderer can step over their cells).
  static func screenLine(_ line: String, columns: Int, splitAt edges: [Int] = []) -> ScreenLine {
    // Nearly every line: text and colour codes only, fitted to the screen already. It goes out as it is, which
    // is what the tokens below would rebuild, at a fraction of the cost.
    if edges.isEmpty, let width = TerminalText.colouredTextWidth(line), width <= max(0, columns) {
      return ScreenLine([.preformatted(line, columns: width)])
    }
    return tokenized(line, columns: columns, splitAt: edges)
  }

  /// `screenLine` token by token: colour codes kept, the text between sanitised and cut to the screen.
  static func tokenized(_ line: String, columns: Int, splitAt edges: [Int]) -> ScreenLine {
    var segments: [LineSegment] = []
    var output = ""
    var segmentStart = 0
    var used = 0
    let limit = max(0, columns)
    func close() {
      if used > segmentStart || !output.isEmpty { segments.append(.preformatted(output, columns: used - segmentStart)) }
      output = ""
      segmentStart = used
    }
    for token in tokens(of: line) {
      switch token {
      case .colour(let sequence):
        if edges.contains(used), used > segmentStart { close() }  // a colour belongs to the cells after it
        output += sequence
      case .text(let text):
        guard used < limit else { continue }
        var clean = TerminalText.sanitize(text)
        if TerminalText.displayWidth(clean) > limit - used {
          clean = TerminalText.truncate(clean, toColumns: limit - used)
        }
        guard !edges.isEmpty else {
          output += clean
          used += TerminalText.displayWidth(clean)
          continue
        }
        for character in clean {
          if edges.contains(used), used > segmentStart { close() }
          output.append(character)
          used += TerminalText.displayWidth(String(character))
        }
      }
    }
    close()
    return ScreenLine(segments.isEmpty ? [.preformatted("", columns: 0)] : segments)
  }

  enum Token: Equatable {
    case colour(String)
    case text(String)
  }

  /// Splits `line` into SGR colour codes and the text between them. Other escape sequences stay inside the text
  /// tokens, where `TerminalText.sanitize` removes them whole. Works on the UTF-8 bytes: every byte of a colour
  /// code is ASCII, and no byte of a longer scalar is.
  static func tokens(of line: String) -> [Token] {
    var tokens: [Token] = []
    let bytes = Array(line.utf8)
    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    var textStart = 0
    var index = 0
    while index < bytes.count {
      if let end = endOfColourCode(bytes, at: index) {
        if textStart < index { tokens.append(.text(string(textStart..<index))) }
        tokens.append(.colour(string(index..<(end + 1))))
        index = end + 1
        textStart = index
      } else {
        index += 1
      }
    }
    if textStart < bytes.count { tokens.append(.text(string(textStart..<bytes.count))) }
    return tokens
  }

  /// The index of the `m` ending an SGR sequence that starts at `start`, if one does.
  private static func endOfColourCode(_ bytes: [UInt8], at start: Int) -> Int? {
    guard bytes[start] == 0x1B, start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else { return nil }
    var index = start + 2
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "m") { return index }
      guard
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ";")
          || byte == UInt8(ascii: ":")
      else { return nil }
      index += 1
    }
    return nil
  }
}
