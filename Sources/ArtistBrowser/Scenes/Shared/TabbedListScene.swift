/// A page of tabbed lists (a tag's artists and albums, a listener's range of albums and artists): the keys such a
/// page treats alike, written once. The page says what its own steps do (`switchList`, `openSelection`, `reload`,
/// `goBack`, and any command of its own in `handleOwn`); the wall, `Tab`, moves, `t`, Enter, `h` and `r` are
/// dispatched here.
@MainActor
protocol TabbedListScene: SceneShell {
  var viewport: ListViewport { get set }
  /// The page loaded: its list can be shown, walled and opened.
  var canList: Bool { get }
  /// Rows in the list shown.
  var rowCount: Int { get }
  /// `Tab`: the next list.
  func switchList()
  /// Enter on a row: remember it and open its page.
  func openSelection()
  /// `r`: load the page again, bypassing the metadata cache.
  func reload()
  /// `h`.
  func goBack()
  /// A list command of the page's own (`s` on a tag); false when the page has no use for it.
  func handleOwn(_ command: ListCommand) -> Bool
}

extension TabbedListScene {
  func handle(_ key: BrowserKey) -> Bool {
    if canList, handleWallKey(key, viewport: &viewport) { return true }
    if key == .tab {
      runtime.resetsSelection = true
      switchList()
      return true
    }
    guard let command = ListCommand(key) else { return false }
    if handleCommon(command, viewport: &viewport) { return true }
    switch command {
    case .open:
      if canList, rowCount > 0 { openSelection() }
    case .back:
      goBack()
    case .refresh:
      reload()
    default:
      return handleOwn(command)
    }
    return true
  }

  func handleOwn(_ command: ListCommand) -> Bool { false }

  /// The page's screen: `header` over the shown list's `rows` (or `message` in their place), `footer` below, on a
  /// wall the wall's hints with `tabsHint`.
  func tabbedListFrame(
    header: [String], footer: String, tabsHint: String, rows: [ListingRow], message: String?, width: Int,
    height: Int
  ) -> SceneFrame {
    let footer = runtime.shownWall == nil ? footer : SceneText.wallHint + " · " + tabsHint
    return SceneFrame.composed(header: header, footer: [footer], width: width, height: height) { bodyHeight in
      ListingBody.frame(
        rows: rows, message: message, runtime: runtime, viewport: &viewport, picture: previewPicture,
        bodyRow: header.count, width: width, height: bodyHeight)
    }
  }
}
