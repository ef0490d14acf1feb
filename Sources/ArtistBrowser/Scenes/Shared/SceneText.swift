import TerminalUI

/// Small text helpers the view controllers share when laying out rows.
enum SceneText {
  static let listHint = "j/k move · Enter open · h back · / search · s sort · t thumbnails · r refresh · ? help"
  static let wallHint = "h/j/k/l move · Enter open · Backspace back · +/- tile size · w list"

  /// Right-aligns `text` in `columns` (ranks, durations).
  static func padLeft(_ text: String, _ columns: Int) -> String {
    String(repeating: " ", count: max(0, columns - TerminalText.displayWidth(text))) + text
  }

  /// Left-aligns and cuts `text` to `columns`.
  static func column(_ text: String, _ columns: Int) -> String {
    TerminalText.fit(text, toColumns: columns)
  }

  /// Joins non-empty parts with " · ".
  static func joined(_ parts: [String]) -> String {
    parts.filter { !$0.isEmpty }.joined(separator: " · ")
  }
}

extension SceneText {
  /// Word-wraps `text` into at most `maxLines` lines of `width` columns; the last line ends in "…" if cut.
  static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    var words = text.split(separator: " ").map(String.init)[...]
    while let word = words.first {
      let candidate = current.isEmpty ? word : current + " " + word
      if TerminalText.displayWidth(candidate) <= width || current.isEmpty {
        current = TerminalText.truncate(candidate, toColumns: width)
        words = words.dropFirst()
        continue
      }
      lines.append(current)
      current = ""
      if lines.count == maxLines { break }
    }
    if !current.isEmpty, lines.count < maxLines { lines.append(current) }
    if !words.isEmpty, let last = lines.popLast() {
      lines.append(TerminalText.truncate(last + " …", toColumns: width))
    }
    return lines
  }
}

extension SceneText {
  /// Columns left for a row's name on a `width`-column screen once `reserved` columns (marker, rank, gaps,
  /// thumbnail, the widest figure) are placed: at most `preferred`, never below 8.
  static func nameColumns(width: Int, preferred: Int, reserved: Int) -> Int {
    max(8, min(preferred, width - reserved))
  }

  static func widest(_ texts: [String]) -> Int {
    texts.map(TerminalText.displayWidth).max() ?? 0
  }
}
