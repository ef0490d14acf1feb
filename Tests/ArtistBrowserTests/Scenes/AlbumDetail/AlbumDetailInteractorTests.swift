import Synchronization
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct AlbumDetailInteractorTests {
  final class PresenterSpy: AlbumDetailPresentationLogic {
    var presentAlbumCalled = false
    var response: AlbumDetail.FetchAlbum.Response?

    func presentAlbum(response: AlbumDetail.FetchAlbum.Response) {
      presentAlbumCalled = true
      self.response = response
    }

    var presentExportedDataCalled = false
    var exportResponse: AlbumDetail.ExportData.Response?

    func presentExportedData(response: AlbumDetail.ExportData.Response) {
      presentExportedDataCalled = true
      exportResponse = response
    }
  }

  final class WorkerSpy: AlbumDetailWorking {
    let answer: Result<StoreResult<AlbumDetails>, StoreError>
    private let calls = Mutex<[String]>([])
    var fetchAlbumCalled: Bool { !requests.isEmpty }
    var requests: [String] { calls.withLock { $0 } }

    init(_ answer: Result<StoreResult<AlbumDetails>, StoreError>) { self.answer = answer }

    func fetchAlbum(artist: String, album: String, policy: CachePolicy) async throws -> StoreResult<AlbumDetails> {
      calls.withLock { $0.append("\(artist)/\(album) \(policy == .reload ? "reload" : "cache")") }
      return try answer.get()
    }
  }

  func makeSUT(_ worker: WorkerSpy) -> (AlbumDetailInteractor, PresenterSpy) {
    let sut = AlbumDetailInteractor(worker: worker)
    let presenter = PresenterSpy()
    sut.presenter = presenter
    sut.artistName = "Cher"
    sut.albumName = "Believe"
    return (sut, presenter)
  }

  @Test func fetchesTheAlbumInTheDataStore() async {
    let worker = WorkerSpy(.success(StoreResult(Seeds.believeDetails, source: .demoCatalog)))
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchAlbum(request: .init())
    #expect(worker.requests == ["Cher/Believe cache"])
    #expect(presenter.presentAlbumCalled)
    #expect(presenter.response?.album == Seeds.believeDetails)
    #expect(presenter.response?.source == .demoCatalog)
    #expect(sut.album == Seeds.believeDetails)
  }

  @Test func failurePresentsTheError() async {
    let worker = WorkerSpy(.failure(.offlineNotCached))
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchAlbum(request: .init(refresh: true))
    #expect(worker.requests == ["Cher/Believe reload"])
    #expect(presenter.response?.error == .offlineNotCached)
    #expect(presenter.response?.albumName == "Believe")
  }
}
