import FoundationEssentials
import ScrobbleArchive

@MainActor
protocol HistoryRangePresentationLogic: ExportDataPresentationLogic
where ExportedResponse == HistoryRange.ExportData.Response {
  func presentRange(response: HistoryRange.FetchRange.Response)
}

final class HistoryRangePresenter: ScenePresenter<any HistoryRangeDisplayLogic>, HistoryRangePresentationLogic {
  func presentRange(response: HistoryRange.FetchRange.Response) {
    let title = "\(DisplayFormat.clean(response.userName, columns: 40)) · \(response.rangeTitle)"
    guard let top = response.top else {
      viewController?.displayRange(
        viewModel: .init(
          title: title, facts: "", tabs: "", rows: [], listMessage: nil,
          errorMessage: response.error ?? "Nothing loaded.", status: StatusLine(error: response.error)))
      return
    }
    let entries = response.list == .albums ? top.albums : top.artists
    let rows = entries.enumerated().map { index, entry in
      HistoryPresenter.row(
        entry, rank: index + 1, cover: top.covers[AlbumKey(artist: entry.artist, album: entry.album ?? "")])
    }
    viewController?.displayRange(
      viewModel: .init(
        title: title, facts: DisplayFormat.counted(top.plays, "play", "plays"),
        // A line of its own under the title, the two tabs set wider apart than the pages that add a sort order.
        tabs: HistoryRange.List.tabs(shown: response.list, separator: "  "),
        rows: rows, listMessage: rows.isEmpty ? "No plays in this range." : nil, errorMessage: nil,
        status: StatusLine()))
  }

  func presentExportedData(response: HistoryRange.ExportData.Response) {
    guard let top = response.top else { return }
    viewController?.displayExportedData(
      viewModel: .init(
        content: .init(
          listener: ExportedData.text(response.userName), from: top.range.first?.description,
          to: top.range.last?.description, plays: top.plays,
          albums: top.albums.enumerated().map { index, entry in
            HistoryPresenter.entry(
              entry, rank: index + 1, cover: top.covers[AlbumKey(artist: entry.artist, album: entry.album ?? "")])
          },
          artists: top.artists.enumerated().map { HistoryPresenter.entry($1, rank: $0 + 1, cover: nil) })))
  }
}
