import Synchronization
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct ArtistDetailInteractorTests {
  final class PresenterSpy: ArtistDetailPresentationLogic {
    var presentArtistCalled = false
    var response: ArtistDetail.FetchArtist.Response?

    func presentArtist(response: ArtistDetail.FetchArtist.Response) {
      presentArtistCalled = true
      self.response = response
    }

    var presentExportedDataCalled = false
    var exportResponse: ArtistDetail.ExportData.Response?

    func presentExportedData(response: ArtistDetail.ExportData.Response) {
      presentExportedDataCalled = true
      exportResponse = response
    }
  }

  final class WorkerSpy: ArtistDetailWorking {
    let details: Result<StoreResult<ArtistDetails>, StoreError>
    let albums: Result<StoreResult<[AlbumSummary]>, StoreError>
    let tracks: Result<StoreResult<[TrackChartEntry]>?, StoreError>
    private let calls = Mutex<[String]>([])
    var requests: [String] { calls.withLock { $0 }.sorted() }

    init(
      details: Result<StoreResult<ArtistDetails>, StoreError>,
      albums: Result<StoreResult<[AlbumSummary]>, StoreError>,
      tracks: Result<StoreResult<[TrackChartEntry]>?, StoreError> = .success(StoreResult([], source: .lastFM))
    ) {
      self.details = details
      self.albums = albums
      self.tracks = tracks
    }

    func fetchDetails(artist: String, policy: CachePolicy) async throws -> StoreResult<ArtistDetails> {
      calls.withLock { $0.append("details \(artist) \(policy == .reload ? "reload" : "cache")") }
      return try details.get()
    }

    func fetchTopAlbums(artist: String, policy: CachePolicy) async throws -> StoreResult<[AlbumSummary]> {
      calls.withLock { $0.append("albums \(artist) \(policy == .reload ? "reload" : "cache")") }
      return try albums.get()
    }

    func fetchTopTracks(artist: String, policy: CachePolicy) async throws -> StoreResult<[TrackChartEntry]>? {
      calls.withLock { $0.append("tracks \(artist) \(policy == .reload ? "reload" : "cache")") }
      return try tracks.get()
    }
  }

  func makeSUT(_ worker: WorkerSpy) -> (ArtistDetailInteractor, PresenterSpy) {
    let sut = ArtistDetailInteractor(worker: worker)
    let presenter = PresenterSpy()
    sut.presenter = presenter
    sut.artistName = "cher"
    return (sut, presenter)
  }

  @Test func fetchesDetailsAndAlbumsForTheArtistInTheDataStore() async {
    let worker = WorkerSpy(
      details: .success(StoreResult(Seeds.cherDetails, source: .offlineCache, isStale: true)),
      albums: .success(StoreResult([Seeds.believe], source: .offlineCache)))
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchArtist(request: .init(refresh: true))
    #expect(worker.requests == ["albums cher reload", "details cher reload", "tracks cher reload"])
    #expect(presenter.presentArtistCalled)
    #expect(presenter.response?.details == Seeds.cherDetails)
    #expect(presenter.response?.albums == [Seeds.believe])
    #expect(presenter.response?.source == .offlineCache)
    #expect(presenter.response?.isStale == true)
    #expect(presenter.response?.error == nil)
    #expect(sut.details?.name == "Cher")
  }

  @Test func albumsFailingStillShowsTheArtist() async {
    let worker = WorkerSpy(
      details: .success(StoreResult(Seeds.cherDetails, source: .lastFM)),
      albums: .failure(.networkFailed(reason: "reset")))
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchArtist(request: .init())
    #expect(presenter.response?.details == Seeds.cherDetails)
    #expect(presenter.response?.albumsError == .networkFailed(reason: "reset"))
    #expect(presenter.response?.error == nil)
  }

  @Test func anUnknownArtistTravelsAsNotFound() async {
    let notFound = StoreError.notFound(name: "Chr", suggestions: ["Cher"])
    let worker = WorkerSpy(details: .failure(notFound), albums: .failure(notFound))
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchArtist(request: .init())
    #expect(presenter.response?.error == notFound)
    #expect(presenter.response?.artistName == "cher")
    #expect(sut.details == nil)
  }

  @Test func selectAlbumRemembersIt() async {
    let worker = WorkerSpy(
      details: .success(StoreResult(Seeds.cherDetails, source: .lastFM)),
      albums: .success(StoreResult([Seeds.believe, Seeds.closer], source: .lastFM)))
    let (sut, _) = makeSUT(worker)
    await sut.fetchArtist(request: .init())
    sut.selectAlbum(request: .init(index: 1))
    #expect(sut.selectedAlbum == Seeds.closer)
  }
}
