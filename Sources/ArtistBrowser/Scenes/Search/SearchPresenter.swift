@MainActor
protocol SearchPresentationLogic: ExportDataPresentationLogic where ExportedResponse == Search.ExportData.Response {
  func presentSuggestions(response: Search.LoadSuggestions.Response)
  func presentSearchResults(response: Search.SearchArtists.Response)
}

final class SearchPresenter: ScenePresenter<any SearchDisplayLogic>, SearchPresentationLogic {
  static let nameColumns = 32

  func presentSuggestions(response: Search.LoadSuggestions.Response) {
    let suggestions = response.suggestions.map { DisplayFormat.clean($0, columns: Self.nameColumns) }
    viewController?.displaySuggestions(viewModel: .init(suggestions: suggestions.filter { !$0.isEmpty }))
  }

  func presentSearchResults(response: Search.SearchArtists.Response) {
    let rows = response.artists.map { ArtistRow($0, nameColumns: Self.nameColumns) }
    let query = DisplayFormat.clean(response.query, columns: 40)
    let errorMessage = response.errorMessage
    viewController?.displaySearchResults(
      viewModel: .init(
        query: response.query, title: "Artists matching “\(query)”", sortLabel: "sort: \(response.sort.label)",
        rows: rows,
        emptyMessage: rows.isEmpty ? (errorMessage ?? "No artists match “\(query)”.") : nil,
        status: response.status))
  }

  func presentExportedData(response: Search.ExportData.Response) {
    viewController?.displayExportedData(
      viewModel: .init(
        source: response.source, stale: response.isStale,
        content: .init(
          query: ExportedData.text(response.query), sort: response.sort,
          artists: response.artists.map(ExportedData.Artist.init))))
  }
}
