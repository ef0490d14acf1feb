import FoundationEssentials

@MainActor
protocol ArtistDetailPresentationLogic: ExportDataPresentationLogic
where ExportedResponse == ArtistDetail.ExportData.Response {
  func presentArtist(response: ArtistDetail.FetchArtist.Response)
  func presentOpenTrack(response: ArtistDetail.OpenTrack.Response)
}

final class ArtistDetailPresenter: ScenePresenter<any ArtistDetailDisplayLogic>, ArtistDetailPresentationLogic {
  static let nameColumns = 40

  func presentOpenTrack(response: ArtistDetail.OpenTrack.Response) {
    viewController?.displayOpenTrack(
      viewModel: .init(
        opensAlbum: response.album != nil,
        note: response.album == nil ? TrackAlbumNote.text(track: response.track.name, error: response.lookupError) : nil
      ))
  }
  static let bioColumns = 300
  static let maxTags = 5

  func presentArtist(response: ArtistDetail.FetchArtist.Response) {
    let details = response.details
    let albums = response.albums.map { album in
      ArtistDetail.FetchArtist.ViewModel.Album(
        rank: "\(album.rank).", name: DisplayFormat.clean(album.name, columns: Self.nameColumns),
        playCount: DisplayFormat.counted(album.playCount, "play", "plays"), imageURL: album.imageURL)
    }
    let albumsMessage: String? =
      if let error = response.albumsError { ErrorMessage.text(for: error) } else if albums.isEmpty {
        "No albums."
      } else { nil }
    let errorMessage = response.errorMessage
    let tags = (details?.tags ?? []).prefix(Self.maxTags).map { DisplayFormat.clean($0, columns: 20) }
    viewController?.displayArtist(
      viewModel: .init(
        name: DisplayFormat.clean(details?.name ?? response.artistName, columns: Self.nameColumns),
        listeners: DisplayFormat.counted(details?.listeners, "listener", "listeners"),
        playCount: DisplayFormat.counted(details?.playCount, "play", "plays"),
        tags: tags.filter { !$0.isEmpty }.joined(separator: ", "),
        bio: DisplayFormat.clean(
          DisplayFormat.plainText(fromHTML: details?.bioSummary ?? ""), columns: Self.bioColumns),
        imageURL: details?.imageURL, albums: albums, albumsMessage: albumsMessage, errorMessage: errorMessage,
        status: response.status,
        tracks: (response.topTracks ?? []).map(Self.track),
        tracksMessage: response.topTracksError.map(ErrorMessage.text(for:))
          ?? (response.topTracks?.isEmpty == true ? "No top tracks." : nil), tagNames: Array(tags)))
  }

  static func track(_ track: TrackChartEntry) -> ArtistDetail.FetchArtist.ViewModel.Track {
    .init(
      rank: "\(track.rank).", name: DisplayFormat.clean(track.name, columns: nameColumns),
      playCount: DisplayFormat.counted(track.playCount, "play", "plays"),
      listeners: DisplayFormat.counted(track.listeners, "listener", "listeners"))
  }

  func presentExportedData(response: ArtistDetail.ExportData.Response) {
    guard let details = response.details else { return }
    let artist = ArtistDetail.Exported.Artist(
      name: ExportedData.text(details.name), listeners: details.listeners, playCount: details.playCount,
      tags: details.tags.map(ExportedData.text), bio: ExportedData.text(details.bioSummary),
      imageURL: details.imageURL?.absoluteString)
    viewController?.displayExportedData(
      viewModel: .init(
        source: response.source, stale: response.isStale,
        content: .init(
          artist: artist, albums: response.albums.map(ExportedData.Album.init),
          albumsError: response.albumsError.map { ErrorMessage.forPrintout(ErrorMessage.text(for: $0)) },
          topTracks: response.topTracks?.map(ExportedData.ChartTrack.init),
          topTracksError: response.topTracksError.map { ErrorMessage.forPrintout(ErrorMessage.text(for: $0)) })))
  }
}
