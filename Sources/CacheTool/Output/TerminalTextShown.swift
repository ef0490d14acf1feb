import TerminalUI

/// Outside text quoted back in one line: control characters and escapes removed, at most 60 columns.
enum TerminalTextShown {
  static func clean(_ text: String) -> String {
    TerminalText.truncate(TerminalText.sanitize(text), toColumns: 60)
  }
}
