@MainActor
protocol ArtistDetailBusinessLogic: ExportDataBusinessLogic {
  func fetchArtist(request: ArtistDetail.FetchArtist.Request) async
  func selectAlbum(request: ArtistDetail.SelectAlbum.Request)
  func openTrack(request: ArtistDetail.OpenTrack.Request) async
  func selectTag(request: ArtistDetail.SelectTag.Request)
}

@MainActor
protocol ArtistDetailDataStore: AnyObject {
  /// Set by the router that opens the scene.
  var artistName: String { get set }
  var details: ArtistDetails? { get }
  var albums: [AlbumSummary] { get }
  var selectedAlbum: AlbumSummary? { get }
  /// The tag picked with `T`, for the router to open.
  var selectedTag: String? { get }
}

final class ArtistDetailInteractor:
  SceneInteractor<any ArtistDetailPresentationLogic, any ArtistDetailWorking>, ArtistDetailBusinessLogic,
  ArtistDetailDataStore
{
  var artistName = ""
  private(set) var details: ArtistDetails?
  private(set) var albums: [AlbumSummary] = []
  private(set) var selectedAlbum: AlbumSummary?
  private(set) var selectedTag: String?
  /// What was last presented, so it can be exported with its provenance.
  private var lastResponse: ArtistDetail.FetchArtist.Response?

  func fetchArtist(request: ArtistDetail.FetchArtist.Request) async {
    let policy: CachePolicy = request.refresh ? .reload : .useCache
    let name = artistName
    async let detailsCall = worker.fetchDetails(artist: name, policy: policy)
    async let albumsCall = worker.fetchTopAlbums(artist: name, policy: policy)
    async let tracksCall = worker.fetchTopTracks(artist: name, policy: policy)
    var response = ArtistDetail.FetchArtist.Response(
      artistName: name, details: nil, albums: [], albumsError: nil, source: nil, isStale: false, error: nil)
    do {
      let result = try await albumsCall
      albums = result.value
      response.albums = result.value
    } catch {
      albums = []
      response.albumsError = StoreError(error)
    }
    do {
      response.topTracks = try await tracksCall?.value
    } catch {
      response.topTracksError = StoreError(error)
    }
    do {
      let result = try await detailsCall
      details = result.value
      response.details = result.value
      response.source = result.source
      response.isStale = result.isStale
    } catch {
      details = nil
      response.error = StoreError(error)
    }
    lastResponse = response
    presenter?.presentArtist(response: response)
  }

  func exportData(request: ArtistDetail.ExportData.Request) {
    guard let lastResponse, lastResponse.details != nil else { return }
    presenter?.presentExportedData(response: lastResponse)
  }

  /// The index counts the tags as shown (the presenter shows the first `ArtistDetailPresenter.maxTags`).
  func selectTag(request: ArtistDetail.SelectTag.Request) {
    selectedTag = request.row(in: details?.tags ?? [])
  }

  /// Top tracks come without their album: `track.getInfo` names it, and it becomes the selected album.
  func openTrack(request: ArtistDetail.OpenTrack.Request) async {
    guard let track = request.row(in: lastResponse?.topTracks ?? []) else { return }
    var response = ArtistDetail.OpenTrack.Response(track: track)
    do {
      if let album = try await worker.fetchTrackAlbum(artist: track.artist, track: track.name)?.value {
        response.album = AlbumSummary(rank: 0, name: album.name, artist: album.artist, imageURL: album.imageURL)
      }
    } catch {
      response.lookupError = StoreError(error)
    }
    if let album = response.album { selectedAlbum = album }
    presenter?.presentOpenTrack(response: response)
  }

  func selectAlbum(request: ArtistDetail.SelectAlbum.Request) {
    selectedAlbum = request.row(in: albums)
  }
}
