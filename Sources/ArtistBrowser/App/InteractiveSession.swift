import DemoCatalog
import FoundationEssentials
import Glibc
import TerminalUI
import ToolOptions

/// The full-screen loop: keys from the terminal and redraw requests from the scenes, merged into one stream
/// and handled on the main actor. Redraw requests are coalesced (a burst of thumbnails arriving paints once);
/// each frame goes through the diffing `ScreenRenderer`, which repaints everything only after a resize.
/// The terminal is restored on every way out: `q`, Ctrl-C, end of input, a terminal that takes no more output, a
/// thrown error (here), and signals (the handlers `Terminal.enterFullScreen` installs).
@MainActor
final class InteractiveSession {
  enum Event: Sendable {
    /// The keys of one read: one, or a whole burst (a paste).
    case keys([Key])
    case redraw
    case inputEnded
    /// `--first-frame-deadline` has passed.
    case firstFrameDeadline
  }

  private let terminal: Terminal
  private let navigation: NavigationStack
  private let catalog: CatalogChoice
  /// What the terminal draws, found once after entering the full screen.
  struct Pictures {
    /// Written after the renderer erased its pictures on the way out: whatever removes every picture (kitty).
    var eraseAll: [UInt8] = []
    /// Keys typed while the terminal was asked, read first.
    var pendingInput: [UInt8] = []
    /// Why pictures are drawn the way they are (block art inside tmux without passthrough), said once.
    var note: String?
  }

  private let renderer: ScreenRenderer
  /// `--exit-after-first-frame`: end the session after the first complete frame (`BrowserScene.frameProgress`),
  /// or fail once this much time has passed without one; nil: run until the user quits.
  private let firstFrameDeadline: Duration?
  private var size: TerminalSize
  private var redrawQueued = false
  /// Whether bracketed paste was asked of the terminal (`askForBracketedPaste`).
  private var bracketsPaste = false
  private var events: AsyncStream<Event>.Continuation?

  init(terminal: Terminal, navigation: NavigationStack, catalog: CatalogChoice, firstFrameDeadline: Duration? = nil) {
    self.terminal = terminal
    self.navigation = navigation
    self.catalog = catalog
    self.firstFrameDeadline = firstFrameDeadline
    self.renderer = ScreenRenderer(output: terminal)
    self.size = terminal.size
  }

  /// Runs until the user quits. `detectPictures` asks the terminal what it draws once the screen is raw and
  /// before any key is read; `openScenes` then pushes the first scenes. With a first-frame deadline it ends after
  /// the first complete frame instead, and throws `BrowserFailure` (after restoring the terminal) when that frame
  /// shows pictures that could not be loaded or when the deadline comes first.
  func run(detectPictures: (Terminal) async -> Pictures, openScenes: () -> Void) async throws {
    try terminal.enterFullScreen()
    defer {
      // No picture may outlive the session: the ones on screen, then (as the terminal is restored, which a
      // signal's handler does too) whatever the protocol can remove at once.
      renderer.removePictures()
      terminal.restore()
      terminal.writeBeforeLeaving([])
    }
    let pictures = await detectPictures(terminal)
    terminal.writeBeforeLeaving(pictures.eraseAll)
    let (stream, continuation) = AsyncStream<Event>.makeStream()
    events = continuation
    defer { events = nil }
    navigation.onNeedsDisplay = { [weak self] in self?.requestRedraw() }
    defer { navigation.onNeedsDisplay = nil }

    let keys = KeyReader.keyBatchStream(device: terminal, pendingInput: pictures.pendingInput)
    let reading = Task {
      for await batch in keys { continuation.yield(.keys(batch)) }
      continuation.yield(.inputEnded)
    }
    defer { reading.cancel() }
    let deadline = firstFrameDeadline.map { limit in
      Task {
        try await Task.sleep(for: limit)
        continuation.yield(.firstFrameDeadline)
      }
    }
    defer { deadline?.cancel() }

    openScenes()
    askForBracketedPaste()
    if let note = pictures.note { navigation.setStatus(StatusLine(error: note)) }
    draw()
    for await event in stream {
      // A hung-up or closed terminal: nobody sees another frame.
      if terminal.hasLostOutput { return }
      switch event {
      case .keys(let batch):
        for key in batch {
          guard handle(key) else { return }
        }
        askForBracketedPaste()
        // A burst of keys (a paste) paints once, not once per key.
        draw()
      case .redraw:
        redrawQueued = false
        draw()
      case .inputEnded:
        return
      case .firstFrameDeadline:
        let awaited = navigation.top?.frameProgress.awaited ?? "the first scene"
        let seconds = firstFrameDeadline?.components.seconds ?? 0
        throw BrowserFailure(Self.firstFrameFailure("no complete frame within \(seconds) s; still awaited: \(awaited)"))
      }
      if firstFrameDeadline != nil, let progress = navigation.top?.frameProgress, progress.isComplete {
        guard let failed = progress.failed else { return }
        throw BrowserFailure(
          Self.firstFrameFailure("the first complete frame shows \(failed) that could not be loaded"))
      }
    }
  }

  private static func firstFrameFailure(_ reason: String) -> String { "--exit-after-first-frame: " + reason }

  /// Bracketed paste is on exactly while the top scene's prompt takes text: there a pasted line break must be
  /// text, while a list reads a paste as the keys it is. The terminal's restore turns it off on every way out.
  private func askForBracketedPaste() {
    let wanted = navigation.top?.takesText == true
    guard wanted != bracketsPaste else { return }
    bracketsPaste = wanted
    if wanted { terminal.enableBracketedPaste() } else { terminal.disableBracketedPaste() }
  }

  /// False when the session should end.
  private func handle(_ key: Key) -> Bool {
    if case .paste(let text) = key {
      for character in KeyMapping.pastedText(text) {
        guard navigation.handle(.character(character)) != .quit else { return false }
      }
      return true
    }
    switch KeyMapping.input(for: key) {
    case .quit:
      return false
    case .browser(let browserKey):
      return navigation.handle(browserKey) != .quit
    case .resize, .repaint:
      size = terminal.size
      renderer.invalidate()
      return true
    case .suspend:
      // The pictures go first (the terminal's own scrollback would keep kitty's); SIGTSTP's handler restores the
      // terminal, stops, and on `fg` re-enters the full screen and reports a resize, which repaints everything.
      renderer.removePictures()
      terminal.suspend()
      size = terminal.size
      renderer.invalidate()
      return true
    case .ignored:
      return true
    }
  }

  private func requestRedraw() {
    guard !redrawQueued, let events else { return }
    redrawQueued = true
    events.yield(.redraw)
  }

  private func draw() {
    guard size.columns > 0, size.rows > 1 else { return }
    let frame = navigation.renderFrame(width: size.columns, height: size.rows)
    let status = StatusBar.text(navigation.status, catalog: catalog, width: size.columns)
    renderer.render(
      FrameBuilder.frame(body: Array(frame.lines.dropLast()), pictures: frame.pictures, status: status, size: size))
  }
}
