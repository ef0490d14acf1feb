import Glibc
import Synchronization

/// The real terminal on file descriptors (stdin/stdout by default).
///
/// `enterFullScreen()` switches to raw mode and the alternate screen with a hidden cursor; `restore()` undoes it.
/// Restoring also happens on every other way out: `atexit`, and SIGINT/SIGTERM/SIGHUP handlers that restore and
/// then re-raise the signal so the exit status stays honest. `withFullScreen` covers thrown errors.
public final class Terminal: TerminalDevice {
  public let inputDescriptor: Int32
  public let outputDescriptor: Int32
  private let active = Mutex(false)
  private let outputLost = Atomic(false)

  public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.inputDescriptor = input
    self.outputDescriptor = output
  }

  /// Whether both ends are a terminal (not a pipe or a file).
  public var isInteractive: Bool { isatty(inputDescriptor) == 1 && isatty(outputDescriptor) == 1 }

  public var size: TerminalSize {
    var window = winsize()
    guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return TerminalSize(columns: 80, rows: 24)
    }
    return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
  }

  public struct SetupError: Error, CustomStringConvertible {
    public let description: String
  }

  /// Raw mode, alternate screen, hidden cursor, restore handlers. Calling it twice is harmless.
  public func enterFullScreen() throws(SetupError) {
    try active.withLock { (isActive: inout Bool) throws(SetupError) in
      guard !isActive else { return }
      try switchInput(fullScreen: true, when: TCSAFLUSH) { raw in
        // Like cfmakeraw, but output processing stays on so a stray "\n" still returns the carriage.
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
      }
      writeAll(outputDescriptor, TerminalRestoration.enterSequence)
      isActive = true
    }
  }

  /// Puts the terminal back as it was. Idempotent.
  public func restore() {
    active.withLock { isActive in
      guard isActive else { return }
      TerminalRestoration.restore()
      isActive = false
    }
  }

  /// Ctrl-Z: the terminal as it was, the process stopped until `fg`, then the app's mode and screen again and a
  /// resize reported so everything is repainted. Returns once continued; nothing may be drawn while it waits.
  public func suspend() {
    TerminalRestoration.suspendProcessAndWait()
  }

  /// Bracketed paste on (`ESC [ ? 2004 h`), for while a prompt takes text: the terminal marks a paste so a pasted
  /// line break arrives as text (`Key.paste`), never as Enter. Every way out turns it off again (`restore()`,
  /// `exit`, the signals, a crash), and continuing after Ctrl-Z turns it back on.
  public func enableBracketedPaste() {
    TerminalRestoration.bracketsPaste = 1
    write(Array("\u{1B}[?2004h".utf8))
  }

  /// Bracketed paste off (`ESC [ ? 2004 l`): a prompt closed.
  public func disableBracketedPaste() {
    write(Array("\u{1B}[?2004l".utf8))
    TerminalRestoration.bracketsPaste = 0
  }

  /// Bytes to write before the full screen is left, however the process leaves it (`restore()`, `exit`, SIGINT,
  /// SIGTERM, SIGHUP, SIGQUIT): what removes every picture a graphics protocol left on the screen (kitty's delete
  /// of all pictures), which leaving the alternate screen does not. Empty bytes write nothing.
  public func writeBeforeLeaving(_ bytes: [UInt8]) {
    TerminalRestoration.writeBeforeLeaving(bytes)
  }

  /// Runs `body` in full-screen mode and restores the terminal however `body` ends.
  public func withFullScreen<Result>(_ body: (Terminal) throws -> Result) throws -> Result {
    try enterFullScreen()
    defer { restore() }
    return try body(self)
  }

  public func write(_ bytes: [UInt8]) {
    if !writeAll(outputDescriptor, bytes) { outputLost.store(true, ordering: .relaxed) }
  }

  /// A write to the terminal failed (hung up, closed, EIO): nothing drawn from now on reaches anyone, so a
  /// session should end rather than draw on.
  public var hasLostOutput: Bool { outputLost.load(ordering: .relaxed) }

  public func readInput(timeout: Duration?) -> TerminalInput {
    let wakeUp = TerminalRestoration.resizePipeReadEnd
    var descriptors = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)]
    if wakeUp >= 0 { descriptors.append(pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0)) }
    let milliseconds = timeout.map(Self.milliseconds) ?? -1
    var ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    // A signal (SIGWINCH above all) interrupts the wait; with no deadline, wait again: the resize pipe is now
    // readable if that signal was a resize.
    while ready < 0 && errno == EINTR && timeout == nil {
      ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    }
    if ready < 0 { return errno == EINTR ? .timedOut : .endOfInput }
    if ready == 0 { return .timedOut }
    if descriptors.count > 1, descriptors[1].revents & Int16(POLLIN) != 0 {
      TerminalRestoration.drainResizePipe()
      return .resized
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
    if count > 0 { return .bytes(Array(buffer.prefix(count))) }
    if count < 0 && (errno == EINTR || errno == EAGAIN) { return .timedOut }
    return .endOfInput
  }

  private static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
  }
}

/// Writes every byte through `OutputWriter` (partial writes, EINTR); false when the descriptor would take no more.
@discardableResult
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
  do {
    try OutputWriter(descriptor: descriptor, destination: "the terminal").write(bytes)
    return true
  } catch {
    return false
  }
}

extension Terminal: Sendable {}
