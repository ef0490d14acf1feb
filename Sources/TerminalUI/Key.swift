/// One thing the user did at the keyboard (or to the window).
public enum Key: Hashable {
  case character(Character)
  case enter
  case tab
  case backspace
  case delete
  case escape
  case up
  case down
  case left
  case right
  case pageUp
  case pageDown
  case home
  case end
  /// Ctrl-C arrives as a key because raw mode turns off the terminal's own signal generation.
  case controlC
  /// Another Ctrl-letter combination, as its lowercase letter (Ctrl-D is `.control("d")`).
  case control(Character)
  /// The window changed size (SIGWINCH); re-read the size and repaint.
  case resize
  /// An escape sequence this decoder does not know, kept for logging.
  case unknown([UInt8])
  /// Text pasted while bracketed paste was on (`Terminal.enableBracketedPaste()`): everything between the terminal's
  /// paste markers, as typed text and never as keys, its line breaks as "\n". Outside text: sanitise it to show it.
  case paste(String)
}

extension Key: Sendable {}
