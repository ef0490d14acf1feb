/// Text that came from outside (the API, the user) on its way to the terminal.
/// First version: the TerminalUI work replaces the bodies (full escape-sequence stripping, East Asian widths),
/// keeping these signatures.
public enum TerminalText {
  /// Removes control characters and escape sequences so API text can never drive the terminal.
  public static func sanitize(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
  }

  /// Columns the text takes on a terminal (wide characters 2, combining marks 0).
  public static func displayWidth(_ text: String) -> Int {
    text.count
  }

  /// Cuts to at most `columns` display columns, ending with `…` when something was cut.
  public static func truncate(_ text: String, toColumns columns: Int) -> String {
    guard displayWidth(text) > columns else { return text }
    guard columns > 0 else { return "" }
    return String(text.prefix(columns - 1)) + "…"
  }

  /// Truncates, then pads with spaces to exactly `columns` display columns.
  public static func fit(_ text: String, toColumns columns: Int) -> String {
    let cut = truncate(text, toColumns: columns)
    return cut + String(repeating: " ", count: max(0, columns - displayWidth(cut)))
  }
}
