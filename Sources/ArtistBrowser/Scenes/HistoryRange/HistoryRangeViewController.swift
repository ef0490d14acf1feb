import FoundationEssentials
import TerminalUI

@MainActor
protocol HistoryRangeDisplayLogic: ExportDataDisplayLogic where ExportedViewModel == HistoryRange.ExportData.ViewModel {
  func displayRange(viewModel: HistoryRange.FetchRange.ViewModel)
}

/// A day, month or year of a listener's archive: its top albums or top artists (`Tab`), as a list or a wall
/// (`w`); Enter opens the album's or the artist's page.
final class HistoryRangeViewController:
  SceneViewController<any HistoryRangeBusinessLogic, any HistoryRangeRoutingLogic & HistoryRangeDataPassing>,
  SceneShell, HistoryRangeDisplayLogic
{
  private(set) var viewModel: HistoryRange.FetchRange.ViewModel?
  private(set) var viewport = ListViewport()
  static let footer = "j/k move · Enter open · Tab albums/artists · h back · t thumbnails · w wall"

  var title: String { viewModel?.title ?? router?.dataStore?.rangeTitle ?? "History" }

  var status: StatusLine { runtime.status(viewModel?.status) }

  func start() {
    guard let interactor else { return }
    runtime.resetsSelection = true
    runtime.load { await interactor.fetchRange(request: .init()) }
  }

  func displayRange(viewModel: HistoryRange.FetchRange.ViewModel) {
    self.viewModel = viewModel
    runtime.showList(count: viewModel.rows.count, in: &viewport)
  }

  func handle(_ key: BrowserKey) -> Bool {
    let canList = viewModel?.errorMessage == nil
    if canList, runtime.handleWallKey(key, viewport: &viewport) { return true }
    if key == .tab {
      runtime.resetsSelection = true
      interactor?.switchList(request: .init())
      return true
    }
    guard let command = ListCommand(key) else { return false }
    if handleCommon(command, viewport: &viewport) { return true }
    switch command {
    case .open:
      guard canList, viewModel?.rows.isEmpty == false else { return true }
      interactor?.selectItem(request: .init(index: viewport.selection))
      router?.routeToSelection()
    case .back:
      router?.routeBack()
    case .refresh:
      start()
    default:
      return false
    }
    return true
  }

  func renderFrame(width: Int, height: Int) -> SceneFrame {
    guard let viewModel else { return loadingFrame(footer: Self.footer, width: width, height: height) }
    if let error = viewModel.errorMessage {
      return failureFrame(name: viewModel.title, error: error, width: width, height: height)
    }
    let header = [SceneText.joined([viewModel.title, viewModel.facts]), viewModel.tabs, ""]
    let footer = runtime.shownWall == nil ? Self.footer : SceneText.wallHint + " · Tab albums/artists"
    return SceneFrame.composed(header: header, footer: [footer], width: width, height: height) { bodyHeight in
      ListingBody.frame(
        rows: viewModel.rows, message: viewModel.listMessage, runtime: runtime, viewport: &viewport,
        picture: previewPicture, bodyRow: header.count, width: width, height: bodyHeight)
    }
  }

  func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    if let error = viewModel.errorMessage { return [viewModel.title, error] }
    return [SceneText.joined([viewModel.title, viewModel.facts]), viewModel.tabs]
      + (viewModel.listMessage.map { [$0] } ?? ListingBody.plainLines(viewModel.rows))
  }

  func requestExport() { interactor?.exportData(request: .init()) }
}
