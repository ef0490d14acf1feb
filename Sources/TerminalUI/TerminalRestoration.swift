import Glibc

/// Process-wide state for putting the terminal back from places that cannot capture context:
/// signal handlers and `atexit`. Only async-signal-safe calls (`tcsetattr`, `write`, `signal`, `raise`)
/// happen on the signal path. Set up once, before the terminal is changed, by `Terminal.enterFullScreen`.
enum TerminalRestoration {
  static let enterSequence: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J".utf8)

  // Written before any handler can run, read from handlers: plain C storage is what signal handlers need.
  nonisolated(unsafe) private static var original = termios()
  nonisolated(unsafe) private static var inputDescriptor: Int32 = -1
  nonisolated(unsafe) private static var outputDescriptor: Int32 = -1
  nonisolated(unsafe) private static var needsRestore: sig_atomic_t = 0
  nonisolated(unsafe) private static var leavesFullScreen: sig_atomic_t = 1
  nonisolated(unsafe) private static var handlersInstalled = false
  nonisolated(unsafe) private(set) static var resizePipeReadEnd: Int32 = -1
  nonisolated(unsafe) private static var resizePipeWriteEnd: Int32 = -1
  /// Bytes written first when the full screen is left, on every way out: a length (`Int`) followed by the bytes, in
  /// memory that is never freed, so a handler can read it whenever it runs. Replaced with one pointer store.
  nonisolated(unsafe) private static var leaveFirst: UnsafeMutableRawPointer?

  /// `fullScreen` false: only the input mode was changed (a query), so restoring leaves the screen alone.
  static func install(original attributes: termios, input: Int32, output: Int32, fullScreen: Bool = true) {
    original = attributes
    leavesFullScreen = fullScreen ? 1 : 0
    inputDescriptor = input
    outputDescriptor = output
    needsRestore = 1
    guard !handlersInstalled else { return }
    handlersInstalled = true
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)  // no process started from here may inherit it
      }
      resizePipeReadEnd = ends[0]
      resizePipeWriteEnd = ends[1]
    }
    atexit { TerminalRestoration.restore() }
    for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      _ = signal(signalNumber) { received in
        TerminalRestoration.restore()
        // Die of the same signal, so the parent sees the real cause.
        _ = signal(received, SIG_DFL)
        _ = raise(received)
      }
    }
    _ = signal(SIGWINCH) { _ in
      var byte: UInt8 = 1
      _ = write(TerminalRestoration.resizePipeWriteEnd, &byte, 1)
    }
  }

  /// Makes leaving the full screen write `bytes` first (what removes every picture a graphics protocol drew), on
  /// every way out a restore takes: `Terminal.restore()`, `atexit` and the signal handlers alike.
  static func writeBeforeLeaving(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else {
      leaveFirst = nil
      return
    }
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<Int>.size + bytes.count, alignment: MemoryLayout<Int>.alignment)
    block.storeBytes(of: bytes.count, as: Int.self)
    bytes.withUnsafeBytes { (block + MemoryLayout<Int>.size).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    // The block it replaces is left allocated: a handler may be reading it right now.
    leaveFirst = block
  }

  /// Leaves the alternate screen, shows the cursor, and restores the saved attributes. Safe to call repeatedly.
  static func restore() {
    guard needsRestore == 1 else { return }
    needsRestore = 0
    if leavesFullScreen == 1 {
      if let block = leaveFirst {
        _ = write(outputDescriptor, block + MemoryLayout<Int>.size, block.load(as: Int.self))
      }
      let leave: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
      _ = write(outputDescriptor, leave.utf8Start, leave.utf8CodeUnitCount)
    }
    _ = tcsetattr(inputDescriptor, TCSAFLUSH, &original)
  }

  static func drainResizePipe() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while buffer.withUnsafeMutableBytes({ read(resizePipeReadEnd, $0.baseAddress, $0.count) }) > 0 {}
  }
}
