@MainActor
protocol SimilarArtistsPresentationLogic: ExportDataPresentationLogic
where ExportedResponse == SimilarArtists.ExportData.Response {
  func presentSimilar(response: SimilarArtists.FetchSimilar.Response)
}

final class SimilarArtistsPresenter: ScenePresenter<any SimilarArtistsDisplayLogic>, SimilarArtistsPresentationLogic {
  static let nameColumns = 32

  func presentSimilar(response: SimilarArtists.FetchSimilar.Response) {
    let rows = response.similar.map {
      SimilarArtists.FetchSimilar.ViewModel.Row(
        name: DisplayFormat.clean($0.name, columns: Self.nameColumns), match: DisplayFormat.percent($0.match),
        imageURL: $0.imageURL)
    }
    let errorMessage = response.errorMessage
    let artist = DisplayFormat.clean(response.artistName, columns: 40)
    viewController?.displaySimilar(
      viewModel: .init(
        title: "Similar to \(artist)", rows: rows,
        emptyMessage: rows.isEmpty ? (errorMessage ?? "No similar artists known.") : nil,
        status: response.status))
  }

  func presentExportedData(response: SimilarArtists.ExportData.Response) {
    viewController?.displayExportedData(
      viewModel: .init(
        source: response.source, stale: response.isStale,
        content: .init(
          artist: ExportedData.text(response.artistName), similar: response.similar.map(ExportedData.Similar.init))))
  }
}
