import Glibc
import TerminalUI

/// Decides once what the terminal can draw: the choice made on the command line, hints from the environment,
/// then one query with a deadline. Drawing is `PictureEncoder`'s.
public enum GraphicsDetector {
  /// The id of the kitty probe; its answer names it.
  static let probeID: UInt32 = 0x1F_A4

  /// Works out the capabilities for `choice`.
  ///
  /// `terminal` must already be in raw mode (no echo), or be nil when input is not a terminal: then only the
  /// environment is asked. The query (for `auto` without a hint) is kitty's `a=q` probe, `CSI 16 t` for the cell
  /// size when the window size does not tell it, and DA1 (`CSI c`) last: every terminal answers DA1, so its
  /// answer ends the wait; attribute 4 in it means sixel. A terminal that answers nothing gets block art after
  /// `deadline`. Bytes that arrive meanwhile and are not answers (keys) come back as `pendingInput`.
  /// `tmuxAllowsPassthrough` asks tmux whether wrapped sequences reach the terminal (only called inside tmux).
  public static func detect(
    choice: GraphicsChoice, environment: [String: String], terminal: (any TerminalDevice)?,
    deadline: Duration = .milliseconds(100),
    tmuxAllowsPassthrough: @Sendable () -> Bool? = { TmuxSettings.allowsPassthrough() }
  ) async -> (GraphicsCapabilities, pendingInput: [UInt8]) {
    var cellSize = terminal.flatMap(windowCellSize) ?? .fallback
    let insideTmux = EnvironmentHints.isInsideTmux(environment)
    var passthroughAnswer: Bool??
    func passthroughAllowed() -> Bool? {
      if passthroughAnswer == nil { passthroughAnswer = .some(tmuxAllowsPassthrough()) }
      return passthroughAnswer!
    }

    switch choice {
    case .none: return (.nothing, [])
    case .blocks: return (.blocks(cellSize: cellSize), [])
    case .kitty, .iterm, .sixel, .auto: break
    }

    var found = choice.namedProtocol ?? EnvironmentHints.graphicsProtocol(in: environment)
    var drawnByTmux = false
    var pending: [UInt8] = []
    if found == nil, let terminal {
      let wrapProbe = insideTmux && passthroughAllowed() == true
      let answers = query(terminal, wrapProbe: wrapProbe, askCellSize: cellSize == .fallback, deadline: deadline)
      pending = answers.pending
      cellSize = answers.cellSize ?? cellSize
      if answers.kittyAnswer == true {
        found = .kitty
      } else if answers.deviceAttributes?.contains(4) == true {
        found = .sixel
        // Inside tmux, DA1 is tmux's own answer: a tmux built with sixel draws it itself, no passthrough.
        drawnByTmux = insideTmux
      }
    }
    guard let found else { return (.blocks(cellSize: cellSize), pending) }
    guard insideTmux && !drawnByTmux else {
      return (GraphicsCapabilities(protocol: found, cellSize: cellSize, insideTmux: insideTmux), pending)
    }
    switch passthroughAllowed() {
    case true?:
      return (GraphicsCapabilities(protocol: found, cellSize: cellSize, passthrough: true), pending)
    case false?:
      let note =
        "tmux blocks \(found.rawValue) pictures, so they are drawn as block art: "
        + "add `set -g allow-passthrough on` to ~/.tmux.conf (then `tmux source ~/.tmux.conf`)"
      return (.blocks(cellSize: cellSize, note: note), pending)
    case nil:
      let note =
        "could not ask tmux whether it passes pictures through (`tmux show -gv allow-passthrough`), "
        + "so they are drawn as block art"
      return (.blocks(cellSize: cellSize, note: note), pending)
    }
  }

  /// The bytes of the query, in the order the answers are expected.
  static func queryBytes(wrapProbe: Bool, askCellSize: Bool) -> [UInt8] {
    let probe = KittyGraphics.probe(id: probeID)
    var bytes = wrapProbe ? TmuxPassthrough.wrap(probe) : probe
    if askCellSize { bytes += Array("\u{1B}[16t".utf8) }
    bytes += Array("\u{1B}[c".utf8)
    return bytes
  }

  private static func query(
    _ terminal: any TerminalDevice, wrapProbe: Bool, askCellSize: Bool, deadline: Duration
  ) -> TerminalReplyScanner {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: deadline)
    var scanner = TerminalReplyScanner()
    terminal.write(queryBytes(wrapProbe: wrapProbe, askCellSize: askCellSize))
    reading: while scanner.deviceAttributes == nil {
      let remaining = clock.now.duration(to: end)
      guard remaining > .zero else { break }
      switch terminal.readInput(timeout: remaining) {
      case .bytes(let bytes): scanner.feed(bytes)
      case .resized: continue
      case .timedOut, .endOfInput: break reading
      }
    }
    scanner.finish()
    return scanner
  }

  /// The protocol the environment names (`TERM`, `TERM_PROGRAM`, `KITTY_WINDOW_ID`…) before anything is asked:
  /// `detect`'s first source, for tools that say why they chose (`imgcache doctor`).
  public static func environmentHint(_ environment: [String: String]) -> GraphicsProtocol? {
    EnvironmentHints.graphicsProtocol(in: environment)
  }

  /// The cell size from the window size in pixels (`TIOCGWINSZ`), where the terminal fills those fields in.
  public static func windowCellSize(_ terminal: any TerminalDevice) -> CellPixelSize? {
    guard let terminal = terminal as? Terminal else { return nil }
    var window = winsize()
    guard ioctl(terminal.outputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0,
      window.ws_xpixel > 0, window.ws_ypixel > 0
    else { return nil }
    let width = Int(window.ws_xpixel) / Int(window.ws_col)
    let height = Int(window.ws_ypixel) / Int(window.ws_row)
    guard width > 0, height > 0 else { return nil }
    return CellPixelSize(width: width, height: height)
  }
}
