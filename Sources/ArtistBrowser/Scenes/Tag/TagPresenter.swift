@MainActor
protocol TagPresentationLogic: ExportDataPresentationLogic where ExportedResponse == TagPage.ExportData.Response {
  func presentTag(response: TagPage.FetchTag.Response)
}

final class TagPresenter: ScenePresenter<any TagDisplayLogic>, TagPresentationLogic {
  static let nameColumns = 40
  static let summaryColumns = 300

  func presentTag(response: TagPage.FetchTag.Response) {
    let info = response.info
    let name = DisplayFormat.clean(info?.name ?? response.tagName, columns: Self.nameColumns)
    let artists = response.artists.map(Self.row)
    let albums = response.albums.map(Self.row)
    let errorMessage = response.infoError.map(ErrorMessage.text(for:))
    let artistsMessage = Self.message(response.artistsError, empty: artists.isEmpty, what: "artists", tag: name)
    let albumsMessage = Self.message(response.albumsError, empty: albums.isEmpty, what: "albums", tag: name)
    let listError = response.list == .artists ? response.artistsError : response.albumsError
    viewController?.displayTag(
      viewModel: .init(
        name: name,
        figures: SceneText.joined([
          DisplayFormat.counted(info?.reach, "listener", "listeners"),
          DisplayFormat.counted(info?.total, "use", "uses"),
        ]),
        summary: DisplayFormat.clean(
          DisplayFormat.plainText(fromHTML: info?.summary ?? ""), columns: Self.summaryColumns),
        tabs: SceneText.joined([
          TagPage.List.tabs(shown: response.list),
          response.sort.label,
        ]),
        list: response.list, artists: artists, albums: albums, hasMore: response.hasMore,
        artistsMessage: artistsMessage, albumsMessage: albumsMessage,
        errorMessage: errorMessage,
        status: StatusLine(
          source: response.source, isStale: response.isStale,
          error: errorMessage ?? listError.map(ErrorMessage.text(for:)))))
  }

  /// Why a list is missing, or that it is empty; nil when it has rows.
  static func message(_ error: StoreError?, empty: Bool, what: String, tag: String) -> String? {
    if let error { return ErrorMessage.text(for: error) }
    return empty ? "No \(what) carry the tag “\(tag)”." : nil
  }

  static func row(_ item: ListeningItem) -> ListingRow {
    ListingRow(
      lead: item.rank.map { "\($0)." } ?? "", title: DisplayFormat.clean(item.name, columns: nameColumns),
      detail: item.kind == .album ? DisplayFormat.clean(item.artist, columns: 30) : "", figure: "",
      imageURL: item.imageURL)
  }

  func presentExportedData(response: TagPage.ExportData.Response) {
    guard let info = response.info else { return }
    viewController?.displayExportedData(
      viewModel: .init(
        source: response.source, stale: response.isStale,
        content: .init(
          tag: .init(
            name: ExportedData.text(info.name), reach: info.reach, total: info.total,
            summary: ExportedData.text(info.summary)),
          artists: response.artists.map(ExportedData.ListedItem.init),
          albums: response.albums.map(ExportedData.ListedItem.init),
          artistsError: response.artistsError.map { ErrorMessage.forPrintout(ErrorMessage.text(for: $0)) },
          albumsError: response.albumsError.map { ErrorMessage.forPrintout(ErrorMessage.text(for: $0)) })))
  }
}
