import DemoCatalog
import Foundation
import TerminalUI

/// The full-screen loop: keys from the terminal and redraw requests from the scenes, merged into one stream
/// and handled on the main actor. Redraw requests are coalesced (a burst of thumbnails arriving paints once);
/// each frame goes through the diffing `ScreenRenderer`, which repaints everything only after a resize.
/// The terminal is restored on every way out: `q`, Ctrl-C, end of input, a thrown error (here), and signals
/// (the handlers `Terminal.enterFullScreen` installs).
@MainActor
final class InteractiveSession {
  enum Event: Sendable {
    case key(Key)
    case redraw
    case inputEnded
  }

  private let terminal: Terminal
  private let navigation: NavigationStack
  private let catalog: CatalogChoice
  private let renderer: ScreenRenderer
  /// Written after the renderer erased its pictures on the way out: whatever removes every picture (kitty).
  private let eraseAllPictures: [UInt8]
  /// `--exit-after-first-frame`: end the session after the first complete frame (see `BrowserScene.isSettled`).
  private let exitsWhenSettled: Bool
  private var size: TerminalSize
  private var redrawQueued = false
  private var events: AsyncStream<Event>.Continuation?

  init(
    terminal: Terminal, navigation: NavigationStack, catalog: CatalogChoice, eraseAllPictures: [UInt8] = [],
    exitsWhenSettled: Bool = false
  ) {
    self.terminal = terminal
    self.navigation = navigation
    self.catalog = catalog
    self.eraseAllPictures = eraseAllPictures
    self.exitsWhenSettled = exitsWhenSettled
    self.renderer = ScreenRenderer(output: terminal)
    self.size = terminal.size
  }

  /// Runs until the user quits. `openScenes` pushes the first scenes once the screen is ready.
  func run(openScenes: () -> Void) async throws {
    try terminal.enterFullScreen()
    defer {
      // No picture may outlive the session: the ones on screen, then whatever the protocol can remove at once.
      renderer.removePictures()
      if !eraseAllPictures.isEmpty { terminal.write(eraseAllPictures) }
      terminal.restore()
    }
    let (stream, continuation) = AsyncStream<Event>.makeStream()
    events = continuation
    defer { events = nil }
    navigation.onNeedsDisplay = { [weak self] in self?.requestRedraw() }
    defer { navigation.onNeedsDisplay = nil }

    let keys = KeyReader.keyStream(device: terminal)
    let reading = Task {
      for await key in keys { continuation.yield(.key(key)) }
      continuation.yield(.inputEnded)
    }
    defer { reading.cancel() }

    openScenes()
    draw()
    for await event in stream {
      switch event {
      case .key(let key):
        guard handle(key) else { return }
        draw()
      case .redraw:
        redrawQueued = false
        draw()
      case .inputEnded:
        return
      }
      if exitsWhenSettled && navigation.top?.isSettled == true { return }
    }
  }

  /// False when the session should end.
  private func handle(_ key: Key) -> Bool {
    switch KeyMapping.input(for: key) {
    case .quit:
      return false
    case .browser(let browserKey):
      return navigation.handle(browserKey) != .quit
    case .resize, .repaint:
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
