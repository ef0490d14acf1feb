import Synchronization
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct SimilarArtistsInteractorTests {
  final class PresenterSpy: SimilarArtistsPresentationLogic {
    var presentSimilarCalled = false
    var response: SimilarArtists.FetchSimilar.Response?

    func presentSimilar(response: SimilarArtists.FetchSimilar.Response) {
      presentSimilarCalled = true
      self.response = response
    }

    var presentExportedDataCalled = false
    var exportResponse: SimilarArtists.ExportData.Response?

    func presentExportedData(response: SimilarArtists.ExportData.Response) {
      presentExportedDataCalled = true
      exportResponse = response
    }
  }

  final class WorkerSpy: SimilarArtistsWorking {
    let answer: Result<StoreResult<[SimilarArtist]>, StoreError>
    private let calls = Mutex<[String]>([])
    var requests: [String] { calls.withLock { $0 } }

    init(_ answer: Result<StoreResult<[SimilarArtist]>, StoreError>) { self.answer = answer }

    func fetchSimilar(artist: String, policy: CachePolicy) async throws -> StoreResult<[SimilarArtist]> {
      calls.withLock { $0.append("\(artist) \(policy == .reload ? "reload" : "cache")") }
      return try answer.get()
    }
  }

  func makeSUT(_ worker: WorkerSpy) -> (SimilarArtistsInteractor, PresenterSpy) {
    let sut = SimilarArtistsInteractor(worker: worker)
    let presenter = PresenterSpy()
    sut.presenter = presenter
    sut.artistName = "Cher"
    return (sut, presenter)
  }

  @Test func presentsBestMatchFirst() async {
    let worker = WorkerSpy(.success(StoreResult(Seeds.similarToCher, source: .lastFM)))
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchSimilar(request: .init())
    #expect(worker.requests == ["Cher cache"])
    #expect(presenter.presentSimilarCalled)
    #expect(presenter.response?.similar.map(\.name) == ["Kylie Minogue", "Madonna", "Dusty Springfield"])
    #expect(presenter.response?.artistName == "Cher")
  }

  @Test func selectionFollowsThePresentedOrder() async {
    let worker = WorkerSpy(.success(StoreResult(Seeds.similarToCher, source: .lastFM)))
    let (sut, _) = makeSUT(worker)
    await sut.fetchSimilar(request: .init())
    sut.selectArtist(request: .init(index: 1))
    #expect(sut.selectedArtist?.name == "Madonna")
  }

  @Test func errorsTravelToThePresenter() async {
    let worker = WorkerSpy(.failure(.invalidAPIKey))
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchSimilar(request: .init(refresh: true))
    #expect(worker.requests == ["Cher reload"])
    #expect(presenter.response?.error == .invalidAPIKey)
    #expect(presenter.response?.similar == [])
  }
}
