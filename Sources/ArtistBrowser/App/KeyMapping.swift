import TerminalUI

/// What one terminal event means to the app loop.
enum AppInput: Equatable {
  /// A key for the navigation stack (and through it, the top scene).
  case browser(BrowserKey)
  /// Ctrl-C: leave at once, whatever the scene (in raw mode it arrives as a key, not as SIGINT).
  case quit
  /// The window changed size: re-read it and repaint everything.
  case resize
  /// Ctrl-L: repaint everything, as in most terminal programs.
  case repaint
  /// Ctrl-Z: give the terminal back to the shell until `fg` (in raw mode it arrives as a key, not as SIGTSTP).
  case suspend
  /// Keys the browser has no use for (Delete, unknown sequences).
  case ignored
}

/// Maps `TerminalUI.Key` onto the browser's vocabulary. Printable keys stay characters, so the search field
/// can take `q` as text while the lists read it as "quit" (the navigation stack decides).
enum KeyMapping {
  static func input(for key: Key) -> AppInput {
    switch key {
    case .character(let character): .browser(.character(character))
    case .enter: .browser(.enter)
    case .backspace: .browser(.backspace)
    case .escape: .browser(.escape)
    case .up: .browser(.up)
    case .down: .browser(.down)
    case .left: .browser(.left)
    case .right: .browser(.right)
    case .pageUp: .browser(.pageUp)
    case .pageDown: .browser(.pageDown)
    case .home: .browser(.home)
    case .end: .browser(.end)
    case .controlC: .quit
    case .control("l"): .repaint
    case .control("z"): .suspend
    case .resize: .resize
    case .tab: .browser(.tab)
    // A paste is text for a prompt (`pastedText`), handled by the session before this mapping.
    case .delete, .control, .unknown, .paste: .ignored
    }
  }

  /// A bracketed paste as the characters a prompt takes: its line breaks and tabs as spaces, so a pasted newline
  /// never submits, and its other control characters (an escape sequence in the clipboard) dropped.
  static func pastedText(_ text: String) -> [Character] {
    text.compactMap { character in
      if character.isNewline || character == "\t" { return " " }
      let isControl = character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
      return isControl ? nil : character
    }
  }
}
