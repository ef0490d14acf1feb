import FoundationEssentials
import TerminalUI

/// The scene shell: what every scene's view controller gets by conforming and owning a `SceneRuntime`, so it
/// writes only its display logic (`display…(viewModel:)`), its keys (`handle`), its screen (`renderFrame`), its
/// printout (`plainLines`, `requestExport`), `title`, `status` and `start`, and is wired in `SceneFactory`:
/// - `onNeedsDisplay`: the navigation stack's redraw hook, fired by `changed()`, by every finished load and by
///   every thumbnail, wall tile and large picture that arrives;
/// - `stop()`: cancels the load, the thumbnails, the wall's tiles and the large pictures when the scene is popped;
/// - `waitForLoad()`, `waitForThumbnails()` and `frameProgress`, for printouts and `--exit-after-first-frame`;
/// - `render`: the lines of `renderFrame`;
/// - `jsonSnapshot()`: what `requestExport()` brought back through the scene's `displayExportedData`;
/// - `loadingFrame` and `failureFrame`, the screens before the first answer and after a failed one;
/// - for lists, `handleListKey`, `handleWallKey` and `handleCommon` (the wall, moves, `t`), the preview pane's
///   `previewPicture`, and with `PagedScene` the next page as the cursor nears the end.
/// A scene with work of its own (a preview's details, suggestions while typing) overrides just that member and
/// calls the runtime's from it.
@MainActor
protocol SceneShell: BrowserScene {
  var runtime: SceneRuntime { get }
  /// Asks the interactor for what `--json` prints; the presenter hands it back to `displayExportedData`, which
  /// keeps it in `runtime.exported`.
  func requestExport()
}

extension SceneShell {
  var onNeedsDisplay: (@MainActor () -> Void)? {
    get { runtime.onNeedsDisplay }
    set { runtime.onNeedsDisplay = newValue }
  }

  func stop() { runtime.stop() }

  func waitForLoad() async { await runtime.waitForLoad() }

  func waitForThumbnails() async { await runtime.waitForThumbnails() }

  var frameProgress: FrameProgress { runtime.progress }

  func render(width: Int, height: Int) -> [String] { renderFrame(width: width, height: height).lines }

  func jsonSnapshot() throws -> Data {
    runtime.exported = nil
    requestExport()
    guard let exported = runtime.exported else { throw NothingLoadedToExport() }
    return try SnapshotEncoder.encode(exported)
  }

  /// The whole screen while the first load runs.
  func loadingFrame(footer: String, width: Int, height: Int) -> SceneFrame {
    SceneFrame(
      lines: ScreenLayout.compose(
        header: [title], body: { _ in ["Loading…"] }, footer: [footer], width: width, height: height))
  }

  /// The whole screen when the load failed: the name asked for, why, and the keys that still work.
  func failureFrame(name: String, error: String, width: Int, height: Int) -> SceneFrame {
    SceneFrame(
      lines: ScreenLayout.compose(
        header: [name, ""], body: { _ in [error] }, footer: ["h back · r retry"], width: width, height: height))
  }

  /// The selected row's picture in the preview pane of a list.
  var previewPicture: LargePictureLoader? { runtime.preview }

  /// The list commands every list scene treats alike: a move (j/k, paging, top, bottom), redrawn, and on a paged
  /// list near its end the next page; `t`, thumbnails on or off. False when `command` is neither.
  func handleCommon(_ command: ListCommand, viewport: inout ListViewport) -> Bool {
    if viewport.apply(command) {
      fetchNextPageIfNeeded(near: viewport)
      changed()
      return true
    }
    guard command == .toggleThumbnails else { return false }
    runtime.toggleThumbnails()
    return true
  }

  /// Every key a list treats alike: the wall's, a move, `t`. True when `key` was one of them.
  func handleListKey(_ key: BrowserKey, viewport: inout ListViewport) -> Bool {
    if handleWallKey(key, viewport: &viewport) { return true }
    guard let command = ListCommand(key) else { return false }
    return handleCommon(command, viewport: &viewport)
  }

  /// The wall's keys (`SceneRuntime.handleWallKey`), and on a paged list near its end the next page.
  func handleWallKey(_ key: BrowserKey, viewport: inout ListViewport, first: Int = 0) -> Bool {
    guard runtime.handleWallKey(key, viewport: &viewport, first: first) else { return false }
    fetchNextPageIfNeeded(near: viewport)
    return true
  }

  private func fetchNextPageIfNeeded(near viewport: ListViewport) {
    guard let paged = self as? any PagedScene else { return }
    runtime.loadNextPage(hasMore: paged.hasMorePages, near: viewport) { [weak paged] in await paged?.fetchNextPage() }
  }

  /// Asks the navigation stack for a redraw.
  func changed() { runtime.changed() }
}

/// A list scene whose list arrives in pages: the shell fetches the next one when a move brings the cursor
/// within `SceneRuntime.pagingThreshold` rows of the end.
@MainActor
protocol PagedScene: SceneShell {
  /// The list loaded so far says more pages follow.
  var hasMorePages: Bool { get }
  /// Asks the interactor for the next page.
  func fetchNextPage() async
}
