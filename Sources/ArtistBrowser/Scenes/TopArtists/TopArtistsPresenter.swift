@MainActor
protocol TopArtistsPresentationLogic: ExportDataPresentationLogic
where ExportedResponse == TopArtists.ExportData.Response {
  func presentArtists(response: TopArtists.FetchArtists.Response)
  func presentPreview(response: TopArtists.ShowPreview.Response)
}

final class TopArtistsPresenter: ScenePresenter<any TopArtistsDisplayLogic>, TopArtistsPresentationLogic {
  static let nameColumns = 32

  func presentArtists(response: TopArtists.FetchArtists.Response) {
    let rows = response.artists.map { ArtistRow($0, nameColumns: Self.nameColumns) }
    let errorMessage = response.errorMessage
    let emptyMessage = rows.isEmpty ? (errorMessage ?? "The chart is empty.") : nil
    viewController?.displayArtists(
      viewModel: .init(
        title: "Top artists", sortLabel: "sort: \(response.sort.label)", rows: rows, hasMore: response.hasMore,
        emptyMessage: emptyMessage,
        status: response.status))
  }

  func presentPreview(response: TopArtists.ShowPreview.Response) {
    let artist = response.artist
    viewController?.displayPreview(
      viewModel: .init(
        imageURL: artist.imageURL,
        facts: PreviewFacts.lines(
          name: artist.name, listeners: response.details?.listeners ?? artist.listeners,
          playCount: response.details?.playCount ?? artist.playCount, tags: response.details?.tags ?? []),
        tags: (response.details?.tags ?? []).prefix(PreviewFacts.maxTags).map { DisplayFormat.clean($0, columns: 20) }))
  }

  func presentExportedData(response: TopArtists.ExportData.Response) {
    viewController?.displayExportedData(
      viewModel: .init(
        source: response.source, stale: response.isStale,
        content: .init(
          sort: response.sort, hasMore: response.hasMore, artists: response.artists.map(ExportedData.Artist.init))))
  }
}
