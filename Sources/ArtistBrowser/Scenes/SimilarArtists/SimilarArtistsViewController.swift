import FoundationEssentials
import TerminalUI

@MainActor
protocol SimilarArtistsDisplayLogic: ExportDataDisplayLogic
where ExportedViewModel == SimilarArtists.ExportData.ViewModel {
  func displaySimilar(viewModel: SimilarArtists.FetchSimilar.ViewModel)
}

/// Artists similar to one artist, with the match as a percentage; Enter opens one.
final class SimilarArtistsViewController:
  SceneViewController<any SimilarArtistsBusinessLogic, any SimilarArtistsRoutingLogic & SimilarArtistsDataPassing>,
  SceneShell, SimilarArtistsDisplayLogic
{
  private(set) var viewModel: SimilarArtists.FetchSimilar.ViewModel?
  private(set) var viewport = ListViewport()

  var title: String { viewModel?.title ?? "Similar artists" }

  var status: StatusLine { runtime.status(viewModel?.status) }

  func start() { fetchSimilar(refresh: false) }

  func displaySimilar(viewModel: SimilarArtists.FetchSimilar.ViewModel) {
    self.viewModel = viewModel
    viewport.setCount(viewModel.rows.count, resetSelection: true)
    changed()
  }

  func handle(_ key: BrowserKey) -> Bool {
    if handleListKey(key, viewport: &viewport) { return true }
    guard let command = ListCommand(key) else { return false }
    switch command {
    case .open:
      guard viewModel?.rows.isEmpty == false else { return true }
      interactor?.selectArtist(request: .init(index: viewport.selection))
      router?.routeToArtistDetail()
    case .back:
      router?.routeBack()
    case .refresh:
      fetchSimilar(refresh: true)
    default:
      return false
    }
    return true
  }

  func renderFrame(width: Int, height: Int) -> SceneFrame {
    let header = [title, ""]
    let footer =
      runtime.shownWall == nil ? "j/k move · Enter open · h back · t thumbnails · r refresh" : SceneText.wallHint
    return SceneFrame.composed(header: header, footer: [footer], width: width, height: height) { bodyHeight in
      guard let viewModel, viewModel.emptyMessage == nil else {
        return SceneFrame(lines: [viewModel?.emptyMessage ?? "Loading…"])
      }
      return ListingBody.frame(
        rows: viewModel.rows, message: nil, runtime: runtime, viewport: &viewport, picture: previewPicture,
        bodyRow: header.count, width: width, height: bodyHeight,
        tile: { WallTile(imageURL: $0.imageURL, title: $0.name, subtitle: "\($0.match) match") },
        facts: { $0.map { [$0.name, "\($0.match) match"] } ?? [] },
        list: { columns, viewport in
          ListRenderer.frame(
            texts: viewModel.rows.map(Self.rowText), imageURLs: viewModel.rows.map(\.imageURL),
            viewport: &viewport, width: columns, height: bodyHeight, thumbnails: runtime.shownThumbnails)
        })
    }
  }

  func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    let rows = viewModel.rows.map { "\(SceneText.padLeft($0.match, 4)) \($0.name)" }
    return [viewModel.title] + (viewModel.emptyMessage.map { [$0] } ?? rows)
  }

  func requestExport() { interactor?.exportData(request: .init()) }

  static func rowText(_ row: SimilarArtists.FetchSimilar.ViewModel.Row) -> String {
    SceneText.padLeft(row.match, 4) + "  " + row.name
  }

  private func fetchSimilar(refresh: Bool) {
    guard let interactor else { return }
    runtime.load { await interactor.fetchSimilar(request: .init(refresh: refresh)) }
  }
}
