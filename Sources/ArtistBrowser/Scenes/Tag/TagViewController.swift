import FoundationEssentials
import TerminalUI

@MainActor
protocol TagDisplayLogic: ExportDataDisplayLogic where ExportedViewModel == TagPage.ExportData.ViewModel {
  func displayTag(viewModel: TagPage.FetchTag.ViewModel)
}

/// A tag (genre): its summary, then its top artists or top albums (`Tab` switches). From
/// `PicturePane.minimumWidth` columns up the selected row's picture stands beside the list.
final class TagViewController:
  SceneViewController<any TagBusinessLogic, any TagRoutingLogic & TagDataPassing>, PagedScene, TabbedListScene,
  TagDisplayLogic
{
  private(set) var viewModel: TagPage.FetchTag.ViewModel?
  var viewport = ListViewport()
  static let summaryLines = 3
  static let footer =
    "j/k move · Enter open · Tab artists/albums · s sort · h back · t thumbnails · w wall · r refresh"

  var title: String { viewModel?.name ?? router?.dataStore?.tagName ?? "Tag" }

  var status: StatusLine { runtime.status(viewModel?.status) }

  func start() { fetchTag(refresh: false) }

  func displayTag(viewModel: TagPage.FetchTag.ViewModel) {
    self.viewModel = viewModel
    runtime.showList(count: viewModel.rows.count, in: &viewport)
  }

  // MARK: Keys (the rest are `TabbedListScene`'s)

  var canList: Bool { viewModel?.errorMessage == nil }

  var rowCount: Int { viewModel?.rows.count ?? 0 }

  func switchList() { interactor?.switchList(request: .init(list: nil)) }

  func openSelection() {
    interactor?.selectItem(request: .init(index: viewport.selection))
    router?.routeToSelection()
  }

  func reload() { fetchTag(refresh: true) }

  func goBack() { router?.routeBack() }

  /// `s`: both lists' next order, shown from the top.
  func handleOwn(_ command: ListCommand) -> Bool {
    guard command == .cycleSort else { return false }
    runtime.resetsSelection = true
    interactor?.changeSort(request: .init(order: nil))
    return true
  }

  func renderFrame(width: Int, height: Int) -> SceneFrame {
    guard let viewModel else { return loadingFrame(footer: Self.footer, width: width, height: height) }
    if let error = viewModel.errorMessage {
      return failureFrame(name: viewModel.name, error: error, width: width, height: height)
    }
    let header =
      [SceneText.joined([viewModel.name, viewModel.figures])]
      + SceneText.wrap(viewModel.summary, width: width, maxLines: Self.summaryLines) + [viewModel.tabs, ""]
    return tabbedListFrame(
      header: header, footer: Self.footer, tabsHint: "Tab artists/albums", rows: viewModel.rows,
      message: viewModel.listMessage, width: width, height: height)
  }

  func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    if let error = viewModel.errorMessage { return [viewModel.name, error] }
    var lines = [SceneText.joined([viewModel.name, viewModel.figures])]
    if !viewModel.summary.isEmpty { lines.append(viewModel.summary) }
    for list in TagPage.List.allCases {
      let rows = list == .artists ? viewModel.artists : viewModel.albums
      lines.append(list.title + ":")
      let message = list == .artists ? viewModel.artistsMessage : viewModel.albumsMessage
      lines += message.map { [$0] } ?? ListingBody.plainLines(rows)
    }
    return lines
  }

  func requestExport() { interactor?.exportData(request: .init()) }

  private func fetchTag(refresh: Bool) {
    guard let interactor else { return }
    runtime.resetsSelection = true
    runtime.load { await interactor.fetchTag(request: .init(refresh: refresh)) }
  }

  var hasMorePages: Bool { viewModel?.hasMore == true }

  func fetchNextPage() async { await interactor?.fetchNextPage(request: .init()) }
}
