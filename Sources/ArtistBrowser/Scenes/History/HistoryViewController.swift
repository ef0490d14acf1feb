import FoundationEssentials
import TerminalUI

@MainActor
protocol HistoryDisplayLogic: ExportDataDisplayLogic where ExportedViewModel == History.ExportData.ViewModel {
  func displayHistory(viewModel: History.FetchHistory.ViewModel)
}

/// A listener's History, from their archive: the year's calendar with a cursor on a day, the listening clock,
/// the months, and the chosen range's top albums as a wall of covers. Keys move the cursor by a day, a week, a
/// month or a year; `d`, `m`, `y` choose the range around it (its day, month or year) that the covers show and
/// Enter opens as lists. Tab moves the keys to the covers, where they move between tiles and Enter opens the
/// album. Without an archive, `s` syncs one, showing its progress, and the page reloads when it ends.
final class HistoryViewController:
  SceneViewController<any HistoryBusinessLogic, any HistoryRoutingLogic & HistoryDataPassing>, SceneShell,
  HistoryDisplayLogic
{
  /// Where the keys go: the calendar's cursor, or the wall of covers.
  enum Focus: Equatable {
    case calendar, covers
  }

  private(set) var viewModel: History.FetchHistory.ViewModel?
  private(set) var focus = Focus.calendar
  /// The wall's cursor among the range's albums.
  private(set) var covers = ListViewport()
  static let footer =
    "h/l day · j/k week · [ ] month · { } year · d/m/y range · Enter lists · Tab covers · s sync · Esc back"
  static let coversFooter = "h/j/k/l move · Enter album · +/- size · [ ] { } d/m/y range · Tab/Esc calendar · ⌫ back"
  static let missingFooter = "s sync from Last.fm · Esc back"

  var title: String { viewModel?.title ?? "History" }

  var status: StatusLine {
    var status = runtime.status(viewModel?.status)
    if focus == .covers, covers.count > 0 {
      status.position = "\(covers.selection + 1) / \(covers.count)"
    } else if let scope = router?.dataStore?.selectedRangeTitle, viewModel?.message == nil {
      status.position = "Enter opens \(scope)"
    } else {
      status.position = nil
    }
    return status
  }

  func start() { run { await $0.fetchHistory(request: .init()) } }

  /// Leaving stops the sync too; the archive keeps its committed pages.
  func stop() {
    interactor?.stopSync()
    runtime.stop()
  }

  /// Another range's albums put the wall's cursor on the first; none leave the keys to the calendar.
  func displayHistory(viewModel: History.FetchHistory.ViewModel) {
    let newAlbums = viewModel.albums != self.viewModel?.albums
    self.viewModel = viewModel
    covers.setCount(viewModel.albums.count, resetSelection: newAlbums)
    if viewModel.albums.isEmpty || viewModel.message != nil { focus = .calendar }
    changed()
  }

  // MARK: Keys

  func handle(_ key: BrowserKey) -> Bool {
    if focus == .covers, handleCoversKey(key) { return true }
    if focus == .calendar, let move = Self.move(for: key) {
      interactor?.moveCursor(request: move)
      loadStale()
      return true
    }
    switch key {
    case .character("d"): scope(.day)
    case .character("m"): scope(.month)
    case .character("y"): scope(.year)
    case .character("["), .character("]"), .character("{"), .character("}"):
      // The range keys step the range from the covers too (the wall shows the new range's albums).
      if let move = Self.move(for: key) {
        interactor?.moveCursor(request: move)
        loadStale()
      }
    case .character("s"):
      guard let interactor else { return true }
      // The sync runs beside the page's loads: moving the cursor meanwhile must not wait for it.
      Task { await interactor.syncArchive(request: .init()) }
    case .character("r"): start()
    case .tab:
      guard viewModel?.message == nil, covers.count > 0 else { return true }
      focus = .covers
      changed()
    case .enter:
      guard viewModel?.message == nil, viewModel != nil else { return true }
      router?.routeToRange()
    case .backspace, .escape:
      router?.routeBack()
    default:
      return false
    }
    return true
  }

  /// On the covers: the wall's moves and sizes, Enter opens the album, Tab and Escape give the keys back to the
  /// calendar. False for the keys both have (the range keys, `s`, `r`, Backspace).
  private func handleCoversKey(_ key: BrowserKey) -> Bool {
    switch key {
    case .tab, .escape:
      focus = .calendar
      changed()
    case .enter:
      interactor?.selectAlbum(request: .init(index: covers.selection))
      router?.routeToAlbum()
    default:
      return runtime.handleWallKey(key, viewport: &covers)
    }
    return true
  }

  /// h/l or ←/→ a day, j/k or ↓/↑ a week, [ and ] a month, { and } (Page Up/Down) a year.
  static func move(for key: BrowserKey) -> History.MoveCursor.Request? {
    switch key {
    case .left, .character("h"): .init(days: -1)
    case .right, .character("l"): .init(days: 1)
    case .down, .character("j"): .init(days: 7)
    case .up, .character("k"): .init(days: -7)
    case .character("["): .init(months: -1)
    case .character("]"): .init(months: 1)
    case .character("{"), .pageUp: .init(years: -1)
    case .character("}"), .pageDown: .init(years: 1)
    default: nil
    }
  }

  private func scope(_ scope: History.Scope) {
    interactor?.changeScope(request: .init(scope: scope))
    loadStale()
  }

  private func loadStale() { run { await $0.loadStale(request: .init()) } }

  // MARK: Output

  func renderFrame(width: Int, height: Int) -> SceneFrame {
    guard let viewModel else { return loadingFrame(footer: Self.footer, width: width, height: height) }
    var header = [SceneText.joined([viewModel.title, viewModel.facts])]
    if let message = viewModel.message {
      return SceneFrame.composed(header: header + [""], footer: [Self.missingFooter], width: width, height: height) {
        _ in
        SceneFrame(lines: SceneText.wrap(message, width: width, maxLines: 4) + ["", viewModel.syncLine ?? ""])
      }
    }
    header += [viewModel.cursorLine] + (viewModel.syncLine.map { [$0] } ?? [])
    // A blank line under the header where the calendar and a row of covers still fit (not at 80×24).
    if height - header.count - 2 >= Self.compactBodyRows { header.append("") }
    let footer = focus == .covers ? Self.coversFooter : Self.footer
    let charts = HistoryPageLayout.Charts(heatmap: viewModel.heatmap, clock: viewModel.clock, months: viewModel.months)
    let bodyRow = header.count
    return SceneFrame.composed(header: header, footer: [footer], width: width, height: height) { bodyHeight in
      let body = HistoryPageLayout.body(
        charts, width: width, height: bodyHeight, tileRows: tileRows,
        wall: { columns, rows in wallFrame(viewModel, columns: columns, rows: rows) })
      return SceneFrame(
        lines: HistoryChartText.fitted(body.lines, columns: width), pictures: body.picturesOffset(rows: bodyRow))
    }
  }

  /// The calendar (9 lines), the wall's title and a row of small tiles (10): the body of an 80×24 screen.
  static let compactBodyRows = 20

  /// How tall one row of the wall's tiles is at `columns` wide (the smallest size: a narrow screen's one row).
  private func tileRows(columns: Int) -> Int {
    runtime.wall?.makeLayout(width: columns, height: 0, showingAll: Int.max).tileHeight ?? 0
  }

  /// The wall's title (the selected album on the covers) and its tiles: every album at the largest size that
  /// shows them all where there is room, else small tiles following the cursor.
  private func wallFrame(_ viewModel: History.FetchHistory.ViewModel, columns: Int, rows: Int) -> SceneFrame {
    let focused = focus == .covers && viewModel.albums.indices.contains(covers.selection)
    let title =
      focused
      ? ListingBody.text(
        viewModel.albums[covers.selection], leadColumns: 0, nameColumns: max(8, columns - 16))
      : viewModel.chartTitle
    let titleLine = TerminalText.fit(title, toColumns: columns)
    let tilesHeight = rows - 1
    guard !viewModel.albums.isEmpty, tilesHeight > 0 else {
      return SceneFrame(lines: [titleLine, "(no albums in this range)"].prefix(rows).map { $0 })
    }
    guard let wall = runtime.shownWall else {
      return SceneFrame(lines: [titleLine] + ListingBody.plainLines(viewModel.albums).prefix(tilesHeight))
    }
    let tiles = wall.frame(
      tiles: viewModel.albums.map(ListingBody.tile), selection: focused ? covers.selection : -1, width: columns,
      height: tilesHeight, showsAll: true)
    return SceneFrame(lines: [titleLine] + tiles.lines, pictures: tiles.picturesOffset(rows: 1))
  }

  func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    let header = SceneText.joined([viewModel.title, viewModel.facts])
    if let message = viewModel.message { return [header, message] }
    return [header] + viewModel.heatmap + [viewModel.cursorLine, "Listening clock:"] + viewModel.clock
      + ["Months:"] + viewModel.months + [viewModel.chartTitle + ":"]
      + (viewModel.albums.isEmpty ? ["(no albums in this range)"] : ListingBody.plainLines(viewModel.albums))
  }

  func requestExport() { interactor?.exportData(request: .init()) }

  private func run(_ work: @escaping @MainActor (any HistoryBusinessLogic) async -> Void) {
    guard let interactor else { return }
    runtime.load { await work(interactor) }
  }
}
