import Foundation
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

    var presentOpenTrackCalled = false
    var openTrack: ArtistDetail.OpenTrack.Response?

    func presentOpenTrack(response: ArtistDetail.OpenTrack.Response) {
      presentOpenTrackCalled = true
      openTrack = response
    }
  }

  final class WorkerSpy: ArtistDetailWorking {
    let details: Result<StoreResult<ArtistDetails>, StoreError>
    let albums: Result<StoreResult<[AlbumSummary]>, StoreError>
    let tracks: Result<StoreResult<[TrackChartEntry]>?, StoreError>
    let trackAlbum: Result<StoreResult<TrackAlbum?>?, StoreError>
    private let calls = Mutex<[String]>([])
    var requests: [String] { calls.withLock { $0 }.sorted() }

    init(
      details: Result<StoreResult<ArtistDetails>, StoreError>,
      albums: Result<StoreResult<[AlbumSummary]>, StoreError>,
      tracks: Result<StoreResult<[TrackChartEntry]>?, StoreError> = .success(StoreResult([], source: .lastFM)),
      trackAlbum: Result<StoreResult<TrackAlbum?>?, StoreError> = .success(nil)
    ) {
      self.details = details
      self.albums = albums
      self.tracks = tracks
      self.trackAlbum = trackAlbum
    }

    func fetchTrackAlbum(artist: String, track: String) async throws -> StoreResult<TrackAlbum?>? {
      calls.withLock { $0.append("album of \(artist) / \(track)") }
      return try trackAlbum.get()
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

  static let topTrack = TrackChartEntry(rank: 1, name: "Strong Enough", artist: "Cher", playCount: 10)

  func tracksWorker(_ trackAlbum: Result<StoreResult<TrackAlbum?>?, StoreError>) -> WorkerSpy {
    WorkerSpy(
      details: .success(StoreResult(Seeds.cherDetails, source: .lastFM)),
      albums: .success(StoreResult([Seeds.believe], source: .lastFM)),
      tracks: .success(StoreResult([Self.topTrack], source: .lastFM)), trackAlbum: trackAlbum)
  }

  @Test func openingATopTrackLooksUpItsAlbumAndSelectsIt() async {
    // Given a top track whose album track.getInfo names
    let album = TrackAlbum(name: "Believe", artist: "Cher", imageURL: URL(string: "https://img.example/b.png"))
    let worker = tracksWorker(.success(StoreResult(album, source: .lastFM)))
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchArtist(request: .init())
    // When it is opened
    await sut.openTrack(request: .init(index: 0))
    // Then the album was asked for and is the selection the router passes on
    #expect(worker.requests.contains("album of Cher / Strong Enough"))
    #expect(sut.selectedAlbum?.name == "Believe" && sut.selectedAlbum?.artist == "Cher")
    #expect(presenter.presentOpenTrackCalled)
    #expect(presenter.openTrack?.album?.name == "Believe")
  }

  @Test func aTopTrackWithoutAlbumOrAFailedLookupSelectsNothing() async {
    let cases: [(Result<StoreResult<TrackAlbum?>?, StoreError>, StoreError?)] = [
      (.success(StoreResult(nil, source: .lastFM)), nil), (.success(nil), nil),
      (.failure(.offlineNotCached), .offlineNotCached),
    ]
    for (answer, expectedError) in cases {
      // Given no album known, no listening store, or a lookup that fails
      let (sut, presenter) = makeSUT(tracksWorker(answer))
      await sut.fetchArtist(request: .init())
      // When the track is opened
      await sut.openTrack(request: .init(index: 0))
      // Then nothing is selected and the response says why
      #expect(sut.selectedAlbum == nil)
      #expect(presenter.presentOpenTrackCalled)
      #expect(presenter.openTrack?.album == nil)
      #expect(presenter.openTrack?.lookupError == expectedError)
    }
  }

}
