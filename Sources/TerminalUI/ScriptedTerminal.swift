import Synchronization

/// Collects everything written, for tests.
public final class RecordingOutput: TerminalOutput {
  private let recorded = Mutex<[UInt8]>([])

  public init() {}

  public func write(_ bytes: [UInt8]) {
    recorded.withLock { $0.append(contentsOf: bytes) }
  }

  public var bytes: [UInt8] { recorded.withLock { $0 } }
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Returns what was written so far and starts over.
  public func take() -> String {
    recorded.withLock { bytes in
      defer { bytes.removeAll() }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}

/// A fake terminal for tests and headless runs: input comes from a script of events, output is recorded.
/// When the script runs out, reads report `.endOfInput`.
public final class ScriptedTerminal: TerminalDevice {
  private struct State {
    var size: TerminalSize
    var script: [TerminalInput]
  }

  private let state: Mutex<State>
  public let output = RecordingOutput()

  public init(size: TerminalSize = TerminalSize(columns: 80, rows: 24), script: [TerminalInput] = []) {
    state = Mutex(State(size: size, script: script))
  }

  public var size: TerminalSize { state.withLock { $0.size } }

  /// Changes the size and queues the `.resized` event a real terminal would deliver.
  public func resize(to size: TerminalSize) {
    state.withLock {
      $0.size = size
      $0.script.append(.resized)
    }
  }

  public func enqueue(_ input: TerminalInput) {
    state.withLock { $0.script.append(input) }
  }

  public func enqueue(keys text: String) {
    enqueue(.bytes(Array(text.utf8)))
  }

  public func readInput(timeout: Duration?) -> TerminalInput {
    state.withLock { state in
      guard !state.script.isEmpty else { return .endOfInput }
      return state.script.removeFirst()
    }
  }

  public func write(_ bytes: [UInt8]) {
    output.write(bytes)
  }
}

extension RecordingOutput: Sendable {}
extension ScriptedTerminal: Sendable {}
