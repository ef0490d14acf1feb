import TerminalUI

/// Turns a line rendered by the scenes into a `ScreenLine`. Scene lines are plain text except for block-art
/// thumbnails, which carry SGR colour codes; a `.text` segment would sanitise those away, so the line goes out
/// preformatted instead — after everything but SGR colour codes (`ESC [ digits ; … m`) has been removed, so
/// nothing else that reaches a scene line (an API name, say) can drive the terminal.
enum StyledLine {
  /// One preformatted segment, or several split at the columns in `edges` (where pictures begin and end, so
  /// the renderer can step over their cells).
  static func screenLine(_ line: String, columns: Int, splitAt edges: [Int] = []) -> ScreenLine {
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
  /// tokens, where `TerminalText.sanitize` removes them whole.
  static func tokens(of line: String) -> [Token] {
    var tokens: [Token] = []
    var text = String.UnicodeScalarView()
    let scalars = Array(line.unicodeScalars)
    var index = 0
    while index < scalars.count {
      if let end = endOfColourCode(scalars, at: index) {
        if !text.isEmpty { tokens.append(.text(String(text))) }
        text = String.UnicodeScalarView()
        tokens.append(.colour(String(String.UnicodeScalarView(scalars[index...end]))))
        index = end + 1
      } else {
        text.append(scalars[index])
        index += 1
      }
    }
    if !text.isEmpty { tokens.append(.text(String(text))) }
    return tokens
  }

  /// The index of the `m` ending an SGR sequence that starts at `start`, if one does.
  private static func endOfColourCode(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
    guard scalars[start] == "\u{1B}", start + 1 < scalars.count, scalars[start + 1] == "[" else { return nil }
    var index = start + 2
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "m" { return index }
      guard ("0"..."9").contains(scalar) || scalar == ";" || scalar == ":" else { return nil }
      index += 1
    }
    return nil
  }
}
