import Synchronization
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct TopArtistsInteractorTests {
  final class PresenterSpy: TopArtistsPresentationLogic {
    var presentArtistsCalled = false
    var responses: [TopArtists.FetchArtists.Response] = []

    func presentArtists(response: TopArtists.FetchArtists.Response) {
      presentArtistsCalled = true
      responses.append(response)
    }

    var presentPreviewCalled = false
    var previews: [TopArtists.ShowPreview.Response] = []

    func presentPreview(response: TopArtists.ShowPreview.Response) {
      presentPreviewCalled = true
      previews.append(response)
    }

    var presentExportedDataCalled = false
    var exportResponse: TopArtists.ExportData.Response?

    func presentExportedData(response: TopArtists.ExportData.Response) {
      presentExportedDataCalled = true
      exportResponse = response
    }
  }

  final class WorkerSpy: TopArtistsWorking {
    /// Page number → what that page answers.
    let pages: [Int: Result<StoreResult<Page<ArtistSummary>>, StoreError>]
    private let calls = Mutex<[String]>([])

    init(pages: [Int: Result<StoreResult<Page<ArtistSummary>>, StoreError>]) { self.pages = pages }

    var fetchPageCalled: Bool { !requests.isEmpty }
    var requests: [String] { calls.withLock { $0 } }

    func fetchPage(_ page: Int, policy: CachePolicy) async throws -> StoreResult<Page<ArtistSummary>> {
      calls.withLock { $0.append("page \(page) \(policy == .reload ? "reload" : "cache")") }
      return try pages[page, default: .failure(.unexpected("no page \(page)"))].get()
    }

    func fetchDetails(artist: String) async throws -> ArtistDetails {
      calls.withLock { $0.append("details \(artist)") }
      guard artist == Seeds.cher.name else { throw StoreError.unexpected("no details for \(artist)") }
      return Seeds.cherDetails
    }
  }

  @Test func showPreviewPresentsTheRowAtOnceAndTheDetailsWhenTheyCome() async {
    // Given a loaded chart
    let worker = WorkerSpy(pages: [1: Self.page([Seeds.cher, Seeds.abba], 1, of: 1)])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchArtists(request: .init())
    // When the first row is previewed
    sut.showPreview(request: .init(index: 0))
    // Then the row is presented without asking the store
    #expect(presenter.presentPreviewCalled)
    #expect(presenter.previews.map(\.artist.name) == ["Cher"])
    #expect(presenter.previews.last?.details == nil)
    #expect(worker.requests == ["page 1 cache"])
    // When its details are fetched
    await sut.fetchPreviewDetails(request: .init(index: 0))
    // Then they are presented too
    #expect(worker.requests == ["page 1 cache", "details Cher"])
    #expect(presenter.previews.last?.details == Seeds.cherDetails)
  }

  @Test func aPreviewWhoseDetailsFailKeepsTheRowsFacts() async {
    let worker = WorkerSpy(pages: [1: Self.page([Seeds.cher, Seeds.abba], 1, of: 1)])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchArtists(request: .init())
    sut.showPreview(request: .init(index: 1))
    await sut.fetchPreviewDetails(request: .init(index: 1))
    #expect(presenter.previews.map(\.artist.name) == ["abba"])
    sut.showPreview(request: .init(index: 7))  // no such row: nothing to present
    #expect(presenter.previews.count == 1)
  }

  static func page(_ items: [ArtistSummary], _ number: Int, of total: Int, stale: Bool = false)
    -> Result<StoreResult<Page<ArtistSummary>>, StoreError>
  {
    .success(StoreResult(Page(items: items, number: number, totalPages: total), source: .lastFM, isStale: stale))
  }

  func makeSUT(_ worker: WorkerSpy) -> (TopArtistsInteractor, PresenterSpy) {
    let sut = TopArtistsInteractor(worker: worker)
    let presenter = PresenterSpy()
    sut.presenter = presenter
    return (sut, presenter)
  }

  @Test func exportDataPresentsWhatIsLoadedWithItsProvenanceAndNothingBefore() async {
    // Given
    let worker = WorkerSpy(pages: [1: Self.page([Seeds.cher, Seeds.abba], 1, of: 3, stale: true)])
    let (sut, presenter) = makeSUT(worker)
    // When nothing is loaded yet
    sut.exportData(request: .init())
    // Then nothing is presented
    #expect(!presenter.presentExportedDataCalled)
    // When the chart is loaded and re-sorted
    await sut.fetchArtists(request: .init())
    sut.changeSort(request: .init(order: .name))
    sut.exportData(request: .init())
    // Then the export is the loaded data in its current order, with where it came from
    let response = presenter.exportResponse
    #expect(response?.artists.map(\.name) == ["abba", "Cher"])
    #expect(response?.sort == .name)
    #expect(response?.hasMore == true)
    #expect(response?.source == .lastFM)
    #expect(response?.isStale == true)
    #expect(worker.requests == ["page 1 cache"])
  }

  @Test func fetchArtistsAsksForTheFirstPageAndPresentsIt() async {
    // Given
    let worker = WorkerSpy(pages: [1: Self.page([Seeds.cher, Seeds.abba], 1, of: 3, stale: true)])
    let (sut, presenter) = makeSUT(worker)
    // When
    await sut.fetchArtists(request: .init())
    // Then
    #expect(worker.requests == ["page 1 cache"])
    #expect(presenter.presentArtistsCalled)
    let response = presenter.responses.last
    #expect(response?.artists.map(\.name) == ["Cher", "abba"])
    #expect(response?.hasMore == true)
    #expect(response?.source == .lastFM)
    #expect(response?.isStale == true)
    #expect(response?.error == nil)
    #expect(sut.artists.map(\.name) == ["Cher", "abba"])
  }

  @Test func refreshBypassesTheCache() async {
    let worker = WorkerSpy(pages: [1: Self.page([Seeds.cher], 1, of: 1)])
    let (sut, _) = makeSUT(worker)
    await sut.fetchArtists(request: .init(refresh: true))
    #expect(worker.requests == ["page 1 reload"])
  }

  @Test func aFailureIsPresentedAsAnError() async {
    let worker = WorkerSpy(pages: [1: .failure(.offlineNotCached)])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchArtists(request: .init())
    #expect(presenter.responses.last?.error == .offlineNotCached)
    #expect(presenter.responses.last?.artists == [])
    #expect(presenter.responses.last?.hasMore == false)
  }

  @Test func nextPageAppendsWithoutDuplicates() async {
    // Given page 2 repeats the last artist of page 1 (the chart moved)
    let worker = WorkerSpy(pages: [
      1: Self.page(Seeds.chart(3), 1, of: 2),
      2: Self.page(Seeds.chart(3, startingAt: 3), 2, of: 2),
    ])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchArtists(request: .init())
    // When
    await sut.fetchNextPage(request: .init())
    // Then
    #expect(worker.requests == ["page 1 cache", "page 2 cache"])
    #expect(presenter.responses.last?.artists.map(\.rank) == [1, 2, 3, 4, 5])
    #expect(presenter.responses.last?.hasMore == false)
  }

  @Test func nextPageDoesNothingOnTheLastPage() async {
    let worker = WorkerSpy(pages: [1: Self.page(Seeds.chart(2), 1, of: 1)])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchArtists(request: .init())
    await sut.fetchNextPage(request: .init())
    #expect(worker.requests == ["page 1 cache"])
    #expect(presenter.responses.count == 1)
  }

  @Test func aFailedNextPageKeepsWhatWasLoaded() async {
    let worker = WorkerSpy(pages: [
      1: Self.page(Seeds.chart(2), 1, of: 2), 2: .failure(.networkFailed(reason: "timed out")),
    ])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchArtists(request: .init())
    await sut.fetchNextPage(request: .init())
    #expect(presenter.responses.last?.artists.map(\.rank) == [1, 2])
    #expect(presenter.responses.last?.error == .networkFailed(reason: "timed out"))
    #expect(presenter.responses.last?.hasMore == true)
  }

  @Test func sortCyclesRankNameListeners() async {
    let worker = WorkerSpy(pages: [1: Self.page([Seeds.cher, Seeds.abba, Seeds.bjork], 1, of: 1)])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchArtists(request: .init())

    sut.changeSort(request: .init(order: nil))
    #expect(presenter.responses.last?.sort == .name)
    #expect(presenter.responses.last?.artists.map(\.name) == ["abba", "Björk", "Cher"])

    sut.changeSort(request: .init(order: nil))
    #expect(presenter.responses.last?.sort == .listeners)
    #expect(presenter.responses.last?.artists.map(\.name) == ["Cher", "abba", "Björk"])

    sut.changeSort(request: .init(order: nil))
    #expect(presenter.responses.last?.sort == .rank)
    #expect(presenter.responses.last?.artists.map(\.rank) == [1, 2, 3])
  }

  @Test func selectArtistRemembersTheRowInDisplayOrder() async {
    let worker = WorkerSpy(pages: [1: Self.page([Seeds.cher, Seeds.abba, Seeds.bjork], 1, of: 1)])
    let (sut, _) = makeSUT(worker)
    await sut.fetchArtists(request: .init())
    sut.changeSort(request: .init(order: .name))
    sut.selectArtist(request: .init(index: 1))
    #expect(sut.selectedArtist?.name == "Björk")
    sut.selectArtist(request: .init(index: 9))
    #expect(sut.selectedArtist == nil)
  }
}
