import Glibc

/// Process-wide state for putting the terminal back from places that cannot capture context:
/// signal handlers and `atexit`. Only async-signal-safe calls (`tcsetattr`, `write`, `signal`, `raise`)
/// happen on the signal path. Set up once, before the terminal is changed, by `Terminal.enterFullScreen`.
/// SIGTSTP (Ctrl-Z, which an app in raw mode raises itself, or `kill -TSTP`) restores the terminal, stops, and on
/// SIGCONT (`fg`) puts the terminal back as the app had it and reports a resize, so the app repaints everything.
enum TerminalRestoration {
  static let enterSequence: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J".utf8)

  // Written before any handler can run, read from handlers: plain C storage is what signal handlers need.
  nonisolated(unsafe) private static var original = termios()
  /// The app's own mode (raw), read when the process is suspended and set again when it continues.
  nonisolated(unsafe) private static var suspendedAttributes = termios()
  nonisolated(unsafe) private static var inputDescriptor: Int32 = -1
  nonisolated(unsafe) private static var outputDescriptor: Int32 = -1
  nonisolated(unsafe) private static var needsRestore: sig_atomic_t = 0
  nonisolated(unsafe) private static var leavesFullScreen: sig_atomic_t = 1
  /// 1 while the app has bracketed paste on: every way out turns it off, and continuing after Ctrl-Z turns it on.
  nonisolated(unsafe) static var bracketsPaste: sig_atomic_t = 0
  static let bracketedPasteOn: StaticString = "\u{1B}[?2004h"
  static let bracketedPasteOff: StaticString = "\u{1B}[?2004l"
  nonisolated(unsafe) private static var handlersInstalled = false
  /// How many times SIGTSTP's handler has begun, and how many times it has returned (continued, or not stopped).
  nonisolated(unsafe) private static var suspensionsBegun: sig_atomic_t = 0
  nonisolated(unsafe) private static var suspensionsEnded: sig_atomic_t = 0
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
    installCrashHandlers()
    _ = signal(SIGWINCH) { _ in TerminalRestoration.reportResize() }
    _ = signal(SIGTSTP) { _ in TerminalRestoration.suspend() }
  }

  /// Wakes the key reader with a resize: the app re-reads the size and repaints.
  private static func reportResize() {
    var byte: UInt8 = 1
    _ = write(resizePipeWriteEnd, &byte, 1)
  }

  /// Ctrl-Z's work, run as SIGTSTP's handler: restore the terminal, stop with the default action (so the shell
  /// sees the job stopped), and when continued, re-enter the app's mode and screen and ask for a repaint.
  private static func suspend() {
    suspensionsBegun &+= 1
    defer { suspensionsEnded &+= 1 }
    let wasChanged = needsRestore == 1
    if wasChanged {
      _ = tcgetattr(inputDescriptor, &suspendedAttributes)
      restore()
    }
    _ = signal(SIGTSTP, SIG_DFL)
    // The handler runs with SIGTSTP blocked: unblock it, or the stop would wait until the handler returned.
    var stopping = sigset_t()
    _ = sigemptyset(&stopping)
    _ = sigaddset(&stopping, SIGTSTP)
    _ = sigprocmask(SIG_UNBLOCK, &stopping, nil)
    _ = raise(SIGTSTP)
    // Continued (`fg`).
    _ = signal(SIGTSTP) { _ in TerminalRestoration.suspend() }
    guard wasChanged else { return }
    _ = tcsetattr(inputDescriptor, TCSAFLUSH, &suspendedAttributes)
    if leavesFullScreen == 1 {
      enterSequence.withUnsafeBufferPointer { _ = write(outputDescriptor, $0.baseAddress, $0.count) }
    }
    if bracketsPaste == 1 { writeText(bracketedPasteOn) }
    needsRestore = 1
    reportResize()
  }

  /// Sends the process SIGTSTP, as Ctrl-Z does in cooked mode, and returns once it has been continued. The signal
  /// goes to the process (the calling thread may block it) and its handler runs on another thread, so the caller
  /// waits for the handler: a frame drawn meanwhile would land on the shell's screen after the restore.
  static func suspendProcessAndWait() {
    let begun = suspensionsBegun
    let ended = suspensionsEnded
    _ = kill(getpid(), SIGTSTP)
    // The handler normally begins within microseconds; past the grace period it was not delivered at all.
    let grace = ContinuousClock.now + .seconds(5)
    while suspensionsEnded == ended {
      if suspensionsBegun == begun && ContinuousClock.now > grace { return }
      usleep(1_000)
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
    // A shell left with bracketed paste on wraps every later paste in markers it does not expect.
    if bracketsPaste == 1 { writeText(bracketedPasteOff) }
    if leavesFullScreen == 1 {
      if let block = leaveFirst {
        _ = write(outputDescriptor, block + MemoryLayout<Int>.size, block.load(as: Int.self))
      }
      let leave: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
      _ = write(outputDescriptor, leave.utf8Start, leave.utf8CodeUnitCount)
    }
    _ = tcsetattr(inputDescriptor, TCSAFLUSH, &original)
  }

  /// Writes `text` to the terminal with one async-signal-safe call.
  static func writeText(_ text: StaticString) {
    _ = Glibc.write(outputDescriptor, text.utf8Start, text.utf8CodeUnitCount)
  }

  static func drainResizePipe() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while buffer.withUnsafeMutableBytes({ read(resizePipeReadEnd, $0.baseAddress, $0.count) }) > 0 {}
  }
}
