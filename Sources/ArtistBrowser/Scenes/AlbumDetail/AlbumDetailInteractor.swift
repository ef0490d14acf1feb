@MainActor
protocol AlbumDetailBusinessLogic: ExportDataBusinessLogic {
  func fetchAlbum(request: AlbumDetail.FetchAlbum.Request) async
}

@MainActor
protocol AlbumDetailDataStore: AnyObject {
  /// Both set by the router that opens the scene.
  var artistName: String { get set }
  var albumName: String { get set }
  var album: AlbumDetails? { get }
}

final class AlbumDetailInteractor:
  SceneInteractor<any AlbumDetailPresentationLogic, any AlbumDetailWorking>, AlbumDetailBusinessLogic,
  AlbumDetailDataStore
{
  var artistName = ""
  var albumName = ""
  private(set) var album: AlbumDetails?
  /// What was last presented, so it can be exported with its provenance.
  private var lastResponse: AlbumDetail.FetchAlbum.Response?

  func fetchAlbum(request: AlbumDetail.FetchAlbum.Request) async {
    var response = AlbumDetail.FetchAlbum.Response(
      artistName: artistName, albumName: albumName, album: nil, source: nil, isStale: false, error: nil)
    let policy: CachePolicy = request.refresh ? .reload : .useCache
    if let found = await response.record({
      try await worker.fetchAlbum(artist: artistName, album: albumName, policy: policy)
    }) {
      album = found
      response.album = found
    }
    lastResponse = response
    presenter?.presentAlbum(response: response)
  }

  func exportData(request: AlbumDetail.ExportData.Request) {
    guard let lastResponse, lastResponse.album != nil else { return }
    presenter?.presentExportedData(response: lastResponse)
  }
}
