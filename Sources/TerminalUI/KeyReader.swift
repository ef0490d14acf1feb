/// Reads keys from a terminal device: waits for bytes, decodes them with `KeyDecoder`, and resolves a lone ESC
/// into the Escape key when nothing follows within `escapeTimeout` (an arrow key's bytes arrive together;
/// a human pressing Escape then `[` is far slower than that). A bracketed paste whose end marker never comes ends
/// when no byte has arrived for `pasteTimeout`, with the text that came.
public final class KeyReader {
  private let device: any TerminalDevice
  private let escapeTimeout: Duration
  private let pasteTimeout: Duration
  private var decoder = KeyDecoder()
  /// Decoded keys not handed out yet, from `readyStart` on: taking them from the front one by one must not move
  /// the rest each time (a paste decodes into thousands of keys at once).
  private var ready: [Key] = []
  private var readyStart = 0
  /// Set once the device reported the end of input and every decoded key has been handed out.
  public private(set) var isAtEnd = false

  /// `pendingInput`: bytes already read from the device by someone else (keys typed while the terminal was being
  /// queried), handed out before anything new.
  public init(
    device: any TerminalDevice, escapeTimeout: Duration = .milliseconds(50), pasteTimeout: Duration = .seconds(1),
    pendingInput: [UInt8] = []
  ) {
    self.device = device
    self.escapeTimeout = escapeTimeout
    self.pasteTimeout = pasteTimeout
    ready = decoder.feed(pendingInput)
  }

  /// The next key, waiting as long as needed; nil once input has ended.
  public func nextKey() -> Key? {
    nextKey(timeout: nil)
  }

  /// The next key, or nil if none arrived within `timeout` (or input has ended).
  public func nextKey(timeout: Duration?) -> Key? {
    while readyStart == ready.count {
      ready.removeAll(keepingCapacity: true)
      readyStart = 0
      let wait = decoder.isInPaste ? pasteTimeout : decoder.hasPending ? escapeTimeout : timeout
      switch device.readInput(timeout: wait) {
      case .bytes(let bytes):
        ready.append(contentsOf: decoder.feed(bytes))
      case .resized:
        // A resize in the middle of a paste does not end it.
        if !decoder.isInPaste { ready.append(contentsOf: decoder.flushPending()) }
        ready.append(.resize)
      case .timedOut:
        // Without a deadline a spurious wake-up just means waiting again.
        guard decoder.hasPending || decoder.isInPaste else {
          if timeout == nil { continue }
          return nil
        }
        ready.append(contentsOf: decoder.flushPending())
      case .endOfInput:
        ready.append(contentsOf: decoder.flushPending())
        if ready.isEmpty {
          isAtEnd = true
          return nil
        }
      }
    }
    defer { readyStart += 1 }
    return ready[readyStart]
  }

  /// Every key decoded so far, waiting as `nextKey(timeout:)` does for the first; empty when none arrived in
  /// `timeout` or input has ended. A paste comes out in a few large batches rather than key by key.
  public func nextKeys(timeout: Duration?) -> [Key] {
    guard let first = nextKey(timeout: timeout) else { return [] }
    defer {
      ready.removeAll(keepingCapacity: true)
      readyStart = 0
    }
    return [first] + ready[readyStart...]
  }

  /// Decodes a complete byte string at once (tests, pasted input): a trailing lone ESC counts as Escape.
  public static func keys(from bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes) + decoder.flushPending()
  }
}
