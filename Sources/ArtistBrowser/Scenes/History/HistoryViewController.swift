import FoundationEssentials
import TerminalUI

@MainActor
protocol HistoryDisplayLogic: AnyObject {
  func displayHistory(viewModel: History.FetchHistory.ViewModel)
  func displayExportedData(viewModel: History.ExportData.ViewModel)
}

/// A listener's History, from their archive: the year's calendar with a cursor on a day, the chosen range's top
/// albums, the listening clock and the months. Keys move the cursor by a day, a week, a month or a year; Enter
/// opens the cursor's day, month or year (`d`, `m`, `y`). Without an archive, `s` syncs one, showing its
/// progress, and the page reloads when it ends.
@MainActor
final class HistoryViewController: SceneShell, HistoryDisplayLogic {
  var interactor: (any HistoryBusinessLogic)?
  var router: (any HistoryRoutingLogic & HistoryDataPassing)?

  private(set) var viewModel: History.FetchHistory.ViewModel?
  let runtime: SceneRuntime
  static let footer =
    "h/l day · j/k week · [ ] month · { } year · d/m/y Enter opens day/month/year · Enter open · s sync · Esc back"
  static let missingFooter = "s sync from Last.fm · Esc back"
  /// The calendar's width (`CalendarHeatmap`: 58 columns) and the clock's (52).
  static let heatmapColumns = 58
  static let clockColumns = 52

  init(runtime: SceneRuntime) {
    self.runtime = runtime
  }

  var title: String { viewModel?.title ?? "History" }

  var status: StatusLine {
    var status = runtime.status(viewModel?.status)
    if let scope = router?.dataStore?.selectedRangeTitle, viewModel?.message == nil {
      status.position = "Enter opens \(scope)"
    }
    return status
  }

  func start() { run { await $0.fetchHistory(request: .init()) } }

  /// Leaving stops the sync too; the archive keeps its committed pages.
  func stop() {
    interactor?.stopSync()
    runtime.stop()
  }

  func displayHistory(viewModel: History.FetchHistory.ViewModel) {
    self.viewModel = viewModel
    changed()
  }

  func displayExportedData(viewModel: History.ExportData.ViewModel) { runtime.exported = viewModel }

  // MARK: Keys

  func handle(_ key: BrowserKey) -> Bool {
    if let move = Self.move(for: key) {
      interactor?.moveCursor(request: move)
      loadStale()
      return true
    }
    switch key {
    case .character("d"): scope(.day)
    case .character("m"): scope(.month)
    case .character("y"): scope(.year)
    case .character("s"):
      guard let interactor else { return true }
      // The sync runs beside the page's loads: moving the cursor meanwhile must not wait for it.
      Task { await interactor.syncArchive(request: .init()) }
    case .character("r"): start()
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
    let header = [SceneText.joined([viewModel.title, viewModel.facts]), ""]
    if let message = viewModel.message {
      return SceneFrame.composed(header: header, footer: [Self.missingFooter], width: width, height: height) { _ in
        SceneFrame(lines: SceneText.wrap(message, width: width, maxLines: 4) + ["", viewModel.syncLine ?? ""])
      }
    }
    return SceneFrame.composed(header: header, footer: [Self.footer], width: width, height: height) { _ in
      SceneFrame(lines: HistoryChartText.fitted(bodyLines(viewModel, width: width), columns: width))
    }
  }

  /// The calendar with the chart beside it where it fits (else under it), the cursor's line, the sync's, then
  /// the clock with the months beside it where they fit.
  private func bodyLines(_ viewModel: History.FetchHistory.ViewModel, width: Int) -> [String] {
    // The calendar's legend is wider than its cells: the chart starts after the widest line.
    let heatmapColumns = max(Self.heatmapColumns, HistoryChartText.width(viewModel.heatmap))
    let chartColumns = width - heatmapColumns - 2
    let chart = [viewModel.chartTitle] + chartRows(viewModel, columns: max(20, chartColumns))
    var lines =
      chartColumns >= 30
      ? HistoryChartText.beside(viewModel.heatmap, leftColumns: heatmapColumns, chart) : viewModel.heatmap
    lines += [viewModel.cursorLine] + (viewModel.syncLine.map { [$0] } ?? []) + [""]
    let clockColumns = max(Self.clockColumns, HistoryChartText.width(viewModel.clock))
    if width - clockColumns - 2 >= HistoryChartText.width(viewModel.months) {
      lines += HistoryChartText.beside(viewModel.clock, leftColumns: clockColumns, viewModel.months)
    } else {
      lines += viewModel.clock + [""] + viewModel.months
    }
    if chartColumns < 30 { lines += [""] + chart }
    return lines
  }

  private func chartRows(_ viewModel: History.FetchHistory.ViewModel, columns: Int) -> [String] {
    guard !viewModel.albums.isEmpty else { return ["(no albums in this range)"] }
    let leadColumns = SceneText.widest(viewModel.albums.map(\.lead))
    let nameColumns = max(8, columns - leadColumns - 4 - SceneText.widest(viewModel.albums.map(\.figure)))
    return viewModel.albums.map { ListingBody.text($0, leadColumns: leadColumns, nameColumns: nameColumns) }
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
