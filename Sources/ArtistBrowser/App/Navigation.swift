import TerminalUI

/// What the app loop does after a key.
enum NavigationOutcome: Equatable {
  case handled
  case quit
}

/// The app's scene stack. The top scene gets the keys first; what it leaves (q, ?, back at a scene without
/// its own back) is handled here. The last line of the screen is the status line of the top scene, unless a
/// router set a message, which lasts until the next key or navigation.
@MainActor
final class NavigationStack: SceneNavigating {
  private(set) var scenes: [any BrowserScene] = []
  private(set) var showsHelp = false
  /// The app redraws when this fires (data arrived, thumbnail drawn, navigation).
  var onNeedsDisplay: (@MainActor () -> Void)?
  private var message: StatusLine?
  /// Scenes a key opens from anywhere the top scene leaves it (`u`: a listener's page).
  var scenesByKey: [Character: @MainActor () -> any BrowserScene] = [:]

  init() {}

  var top: (any BrowserScene)? { scenes.last }

  var status: StatusLine { message ?? top?.status ?? StatusLine() }

  func push(_ scene: any BrowserScene) {
    scene.onNeedsDisplay = { [weak self] in self?.onNeedsDisplay?() }
    scenes.append(scene)
    message = nil
    scene.start()
    onNeedsDisplay?()
  }

  /// Pops the top scene; the root stays (there must always be something on screen).
  func pop() {
    guard scenes.count > 1, let leaving = scenes.popLast() else { return }
    leaving.stop()
    leaving.onNeedsDisplay = nil
    message = nil
    onNeedsDisplay?()
  }

  func setStatus(_ status: StatusLine) {
    message = status
    onNeedsDisplay?()
  }

  func handle(_ key: BrowserKey) -> NavigationOutcome {
    message = nil
    if showsHelp {
      showsHelp = false
      onNeedsDisplay?()
      return .handled
    }
    if let top, top.handle(key) { return .handled }
    switch key {
    case .character("q"):
      return .quit
    case .character("?"):
      showsHelp = true
    case .backspace, .escape, .character("h"):
      pop()
    case .character(let character) where scenesByKey[character] != nil:
      if let make = scenesByKey[character] { push(make()) }
    default:
      break
    }
    onNeedsDisplay?()
    return .handled
  }

  /// Exactly `height` lines of `width` columns: the top scene (or help), then the status line.
  func render(width: Int, height: Int) -> [String] {
    renderFrame(width: width, height: height).lines
  }

  /// `render`'s lines with the top scene's pictures (none while the help is shown).
  func renderFrame(width: Int, height: Int) -> SceneFrame {
    guard width > 0, height > 0 else { return SceneFrame(lines: []) }
    let bodyHeight = height - 1
    var body: SceneFrame
    if showsHelp {
      body = SceneFrame(
        lines: ScreenLayout.compose(
          header: HelpText.lines, body: { _ in [] }, footer: [], width: width, height: bodyHeight))
    } else {
      body = top?.renderFrame(width: width, height: bodyHeight) ?? SceneFrame(lines: [])
    }
    let padded =
      body.lines
      + Array(repeating: TerminalText.fit("", toColumns: width), count: max(0, bodyHeight - body.lines.count))
    body.lines = Array(padded.prefix(bodyHeight)) + [TerminalText.fit(status.text, toColumns: width)]
    return body
  }
}

enum HelpText {
  static let lines = [
    "Keys",
    "",
    "  j / k / ↓ / ↑     move",
    "  g / G             top / bottom",
    "  PgUp / PgDn       page",
    "  Enter             open",
    "  Backspace / h     back",
    "  /                 search",
    "  m                 similar artists (on an artist)",
    "  u                 a listener's page (asks for the name)",
    "  T                 a tag's page (on an artist: pick one of its tags)",
    "  Tab / p           listener and tag pages: next list / next period",
    "  H                 a listener's History, from their archive (h/l/j/k day/week, [ ] month, { } year,",
    "                    d/m/y the range its covers show, Tab to the covers and back)",
    "  s                 cycle sort: rank, name, listeners (a listener's charts: plays)",
    "  t                 toggle thumbnails",
    "  w                 wall of covers ↔ list (h/j/k/l and arrows move by tile)",
    "  + / -             larger / smaller tiles on the wall",
    "  Ctrl-Z            suspend (fg returns)",
    "  r                 refresh (bypasses the metadata cache)",
    "  ?                 this help",
    "  q                 quit",
    "",
    "Press any key to close.",
  ]
}
