import FoundationEssentials

/// What the navigation stack needs from a scene's view controller. Scenes get most of it from `SceneShell`.
@MainActor
protocol BrowserScene: AnyObject {
  var title: String { get }
  var status: StatusLine { get }
  /// Called by the stack when the scene's screen changed (data arrived, a thumbnail finished).
  var onNeedsDisplay: (@MainActor () -> Void)? { get set }
  /// Kicks off the scene's first load; called once, when the scene is pushed.
  func start()
  /// Stops background work (thumbnail loads); called when the scene is popped.
  func stop()
  /// Suspends until the data load in progress (if any) has been displayed: `--plain` / `--json` call
  /// `start()` then this before printing.
  func waitForLoad() async
  /// Suspends until every thumbnail requested so far has arrived or failed (`--plain --thumbs`).
  func waitForThumbnails() async
  /// What the frame drawn last still waits for (its data, the pictures it shows) and which of its pictures
  /// could not be loaded (`--exit-after-first-frame`).
  var frameProgress: FrameProgress { get }
  /// True while a prompt takes text: the session then asks the terminal for bracketed paste, so a pasted line
  /// break is text and not Enter.
  var takesText: Bool { get }
  /// Returns false when the scene has no use for the key, letting the app handle it (q, ?).
  func handle(_ key: BrowserKey) -> Bool
  /// Exactly `height` lines, each exactly `width` display columns.
  func render(width: Int, height: Int) -> [String]
  /// The lines of `render` and the pictures placed over them (the full screen draws this).
  func renderFrame(width: Int, height: Int) -> SceneFrame
  /// The whole content as plain text, no escapes and no truncation to a screen (`--plain`).
  func plainLines() -> [String]
  /// What the scene loaded, as data for scripts (`--json`; docs/schemas/artist-browser-*.schema.json), not the
  /// text it shows; throws when nothing is loaded.
  func jsonSnapshot() throws -> Data
}

extension BrowserScene {
  var takesText: Bool { false }

  /// The frame drawn last is complete: its data is in and every picture on it is drawn or shows that it failed.
  var isSettled: Bool { frameProgress.isComplete }
}

/// What routers use to move between scenes; implemented by `NavigationStack`.
@MainActor
protocol SceneNavigating: AnyObject {
  func push(_ scene: any BrowserScene)
  func pop()
  func setStatus(_ status: StatusLine)
}

/// Settings shared by every scene of one session (`t` toggles thumbnails everywhere, `w` the wall).
@MainActor
final class BrowserPreferences {
  var showsThumbnails: Bool
  /// Lists with pictures are shown as a wall of tiles (`w`, `--wall`).
  var showsWall: Bool
  /// The size the wall's tiles are drawn at where they fit (`+`, `-`).
  var wallTileSize = WallTileSize.medium

  init(showsThumbnails: Bool = false, showsWall: Bool = false) {
    self.showsThumbnails = showsThumbnails
    self.showsWall = showsWall
  }
}

enum SnapshotEncoder {
  static func encode<Value: Encodable>(_ value: Value) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }
}
