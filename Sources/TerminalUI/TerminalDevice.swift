/// The size of the terminal window in character cells.
public struct TerminalSize: Hashable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}

/// Where rendered bytes go: the real terminal, or a recorder in tests.
public protocol TerminalOutput: Sendable {
  func write(_ bytes: [UInt8])
}

extension TerminalOutput {
  public func write(_ text: String) { write(Array(text.utf8)) }
}

/// What one wait for input produced.
public enum TerminalInput: Equatable {
  case bytes([UInt8])
  /// The window was resized while waiting.
  case resized
  /// Nothing arrived within the timeout.
  case timedOut
  /// Input is closed (EOF or an unrecoverable read error).
  case endOfInput
}

/// Everything an interactive app needs from a terminal, kept behind a protocol so apps and tests can
/// substitute `ScriptedTerminal`.
public protocol TerminalDevice: TerminalOutput {
  /// The current window size.
  var size: TerminalSize { get }
  /// Waits for input for at most `timeout` (nil: until something happens).
  func readInput(timeout: Duration?) -> TerminalInput
}

extension TerminalSize: Sendable {}
extension TerminalInput: Sendable {}
