import FoundationEssentials

@MainActor
protocol AlbumDetailPresentationLogic: ExportDataPresentationLogic
where ExportedResponse == AlbumDetail.ExportData.Response {
  func presentAlbum(response: AlbumDetail.FetchAlbum.Response)
}

final class AlbumDetailPresenter: ScenePresenter<any AlbumDetailDisplayLogic>, AlbumDetailPresentationLogic {
  static let nameColumns = 40

  func presentAlbum(response: AlbumDetail.FetchAlbum.Response) {
    let album = response.album
    let tracks = (album?.tracks ?? []).map { track in
      AlbumDetail.FetchAlbum.ViewModel.Track(
        number: "\(track.number).", name: DisplayFormat.clean(track.name, columns: Self.nameColumns),
        duration: DisplayFormat.duration(track.duration))
    }
    let errorMessage = response.errorMessage
    viewController?.displayAlbum(
      viewModel: .init(
        title: DisplayFormat.clean(album?.name ?? response.albumName, columns: Self.nameColumns),
        artist: DisplayFormat.clean(album?.artist ?? response.artistName, columns: Self.nameColumns),
        summary: album.map(Self.summary) ?? "", tracks: tracks, imageURL: album?.imageURL,
        errorMessage: errorMessage,
        status: response.status))
  }

  /// "12 tracks · 45:12", counting only the tracks whose duration is known; "3 tracks" when none is.
  static func summary(_ album: AlbumDetails) -> String {
    let count = album.tracks.count
    let tracks = count == 1 ? "1 track" : "\(count) tracks"
    let known = album.tracks.compactMap(\.duration).filter { $0 > 0 }
    guard !known.isEmpty else { return tracks }
    let total = "total " + DisplayFormat.duration(known.reduce(0, +))
    return SceneText.joined([tracks, total, DisplayFormat.counted(album.listeners, "listener", "listeners")])
  }

  func presentExportedData(response: AlbumDetail.ExportData.Response) {
    guard let album = response.album else { return }
    viewController?.displayExportedData(
      viewModel: .init(
        source: response.source, stale: response.isStale,
        content: .init(
          album: .init(
            name: ExportedData.text(album.name), artist: ExportedData.text(album.artist),
            listeners: album.listeners, playCount: album.playCount, imageURL: album.imageURL?.absoluteString,
            tracks: album.tracks.map(ExportedData.Track.init)))))
  }
}
