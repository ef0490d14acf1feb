@MainActor
protocol AlbumDetailBusinessLogic: AnyObject {
  func fetchAlbum(request: AlbumDetail.FetchAlbum.Request) async
  func exportData(request: AlbumDetail.ExportData.Request)
}

@MainActor
protocol AlbumDetailDataStore: AnyObject {
  /// Both set by the router that opens the scene.
  var artistName: String { get set }
  var albumName: String { get set }
  var album: AlbumDetails? { get }
}

@MainActor
final class AlbumDetailInteractor: AlbumDetailBusinessLogic, AlbumDetailDataStore {
  var presenter: (any AlbumDetailPresentationLogic)?
  var worker: any AlbumDetailWorking

  var artistName = ""
  var albumName = ""
  private(set) var album: AlbumDetails?
  /// What was last presented, so it can be exported with its provenance.
  private var lastResponse: AlbumDetail.FetchAlbum.Response?

  init(worker: any AlbumDetailWorking, presenter: (any AlbumDetailPresentationLogic)? = nil) {
    self.presenter = presenter
    self.worker = worker
  }

  func fetchAlbum(request: AlbumDetail.FetchAlbum.Request) async {
    var response = AlbumDetail.FetchAlbum.Response(
      artistName: artistName, albumName: albumName, album: nil, source: nil, isStale: false, error: nil)
    do {
      let result = try await worker.fetchAlbum(
        artist: artistName, album: albumName, policy: request.refresh ? .reload : .useCache)
      album = result.value
      response.album = result.value
      response.source = result.source
      response.isStale = result.isStale
    } catch {
      response.error = StoreError(error)
    }
    lastResponse = response
    presenter?.presentAlbum(response: response)
  }

  func exportData(request: AlbumDetail.ExportData.Request) {
    guard let lastResponse, lastResponse.album != nil else { return }
    presenter?.presentExportedData(response: lastResponse)
  }
}
