/// The scene shell: what every scene's view controller gets by conforming and owning a `SceneRuntime`, so it
/// writes only its display logic (`display…(viewModel:)`), its keys (`handle`), its screen (`renderFrame`), its
/// printout (`plainLines`, `jsonSnapshot`), `title`, `status` and `start`:
/// - `onNeedsDisplay`: the navigation stack's redraw hook, fired by `changed()`, by every finished load and by
///   every thumbnail, wall tile and large picture that arrives;
/// - `stop()`: cancels the load, the thumbnails, the wall's tiles and the large pictures when the scene is popped;
/// - `waitForLoad()`, `waitForThumbnails()` and `isSettled`, for printouts and `--exit-after-first-frame`;
/// - `render`: the lines of `renderFrame`.
/// A scene with work of its own (a preview's details, suggestions while typing) overrides just that member and
/// calls the runtime's from it.
@MainActor
protocol SceneShell: BrowserScene {
  var runtime: SceneRuntime { get }
}

extension SceneShell {
  var onNeedsDisplay: (@MainActor () -> Void)? {
    get { runtime.onNeedsDisplay }
    set { runtime.onNeedsDisplay = newValue }
  }

  func stop() { runtime.stop() }

  func waitForLoad() async { await runtime.waitForLoad() }

  func waitForThumbnails() async { await runtime.waitForThumbnails() }

  var isSettled: Bool { runtime.isSettled }

  func render(width: Int, height: Int) -> [String] { renderFrame(width: width, height: height).lines }

  /// Asks the navigation stack for a redraw.
  func changed() { runtime.changed() }
}
