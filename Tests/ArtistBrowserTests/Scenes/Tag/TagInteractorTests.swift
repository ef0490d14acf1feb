import Synchronization
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct TagInteractorTests {
  final class PresenterSpy: TagPresentationLogic {
    var presentTagCalled = false
    var response: TagPage.FetchTag.Response?

    func presentTag(response: TagPage.FetchTag.Response) {
      presentTagCalled = true
      self.response = response
    }

    var presentExportedDataCalled = false
    var exportResponse: TagPage.ExportData.Response?

    func presentExportedData(response: TagPage.ExportData.Response) {
      presentExportedDataCalled = true
      exportResponse = response
    }
  }

  final class WorkerSpy: TagWorking {
    let info: Result<StoreResult<TagSummary>, StoreError>
    let lists: [String: Result<StoreResult<Page<ListeningItem>>, StoreError>]
    private let calls = Mutex<[String]>([])
    var requests: [String] { calls.withLock { $0 }.sorted() }

    init(
      info: Result<StoreResult<TagSummary>, StoreError>,
      lists: [String: Result<StoreResult<Page<ListeningItem>>, StoreError>]
    ) {
      self.info = info
      self.lists = lists
    }

    func fetchInfo(tag: String, policy: CachePolicy) async throws -> StoreResult<TagSummary> {
      calls.withLock { $0.append("info \(tag) \(policy == .reload ? "reload" : "cache")") }
      return try info.get()
    }

    func fetchList(_ list: TagPage.List, tag: String, page: Int, policy: CachePolicy) async throws
      -> StoreResult<Page<ListeningItem>>
    {
      calls.withLock { $0.append("\(list.rawValue) \(tag) p\(page) \(policy == .reload ? "reload" : "cache")") }
      guard let answer = lists["\(list.rawValue) \(page)"] else { throw StoreError.unexpected("no such page") }
      return try answer.get()
    }
  }

  static let info = TagSummary(name: "shoegaze", reach: 100, total: 300, summary: "Loud and dreamy.")
  static let artist = ListeningItem(kind: .artist, rank: 1, name: "Lunar Briok", artist: "Lunar Briok")
  static let album = ListeningItem(kind: .album, rank: 1, name: "Jeapral", artist: "Ezra", album: "Jeapral")

  func page(_ items: [ListeningItem], number: Int = 1, of total: Int = 1, stale: Bool = false)
    -> Result<StoreResult<Page<ListeningItem>>, StoreError>
  {
    .success(StoreResult(Page(items: items, number: number, totalPages: total), source: .demoCatalog, isStale: stale))
  }

  func makeSUT(_ worker: WorkerSpy) -> (TagInteractor, PresenterSpy) {
    let sut = TagInteractor(worker: worker)
    let presenter = PresenterSpy()
    sut.presenter = presenter
    sut.tagName = "shoegaze"
    return (sut, presenter)
  }

  @Test func fetchesTheDescriptionAndBothListsOfTheTagInTheDataStore() async {
    // Given a tag with one artist and one album
    let worker = WorkerSpy(
      info: .success(StoreResult(Self.info, source: .demoCatalog)),
      lists: ["artists 1": page([Self.artist]), "albums 1": page([Self.album])])
    let (sut, presenter) = makeSUT(worker)
    // When the scene loads, bypassing the cache
    await sut.fetchTag(request: .init(refresh: true))
    // Then all three were asked for and presented, artists shown first
    #expect(worker.requests == ["albums shoegaze p1 reload", "artists shoegaze p1 reload", "info shoegaze reload"])
    #expect(presenter.presentTagCalled)
    #expect(presenter.response?.info == Self.info)
    #expect(presenter.response?.artists == [Self.artist])
    #expect(presenter.response?.albums == [Self.album])
    #expect(presenter.response?.list == .artists)
  }

  @Test func tabShowsTheAlbumsAndEnterOpensTheSelectedOne() async {
    // Given a loaded tag
    let worker = WorkerSpy(
      info: .success(StoreResult(Self.info, source: .demoCatalog)),
      lists: ["artists 1": page([Self.artist]), "albums 1": page([Self.album])])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchTag(request: .init())
    // When the list is switched and its first row selected
    sut.switchList(request: .init(list: nil))
    sut.selectItem(request: .init(index: 0))
    // Then the albums are shown and the album is where Enter goes
    #expect(presenter.response?.list == .albums)
    #expect(sut.selectedItem?.destination == .album(artist: "Ezra", album: "Jeapral"))
  }

  @Test func aListThatFailsKeepsTheOtherAndSaysWhy() async {
    // Given albums that fail to load
    let worker = WorkerSpy(
      info: .success(StoreResult(Self.info, source: .demoCatalog)),
      lists: ["artists 1": page([Self.artist]), "albums 1": .failure(.networkFailed(reason: "reset"))])
    let (sut, presenter) = makeSUT(worker)
    // When the scene loads
    await sut.fetchTag(request: .init())
    // Then the artists are there and the albums' error travels on its own
    #expect(presenter.response?.artists == [Self.artist])
    #expect(presenter.response?.albumsError == .networkFailed(reason: "reset"))
    #expect(presenter.response?.artistsError == nil)
  }

  @Test func theNextPageOfTheShownListIsAppended() async {
    // Given two pages of artists, the second stale
    let second = ListeningItem(kind: .artist, rank: 51, name: "Pouwea", artist: "Pouwea")
    let worker = WorkerSpy(
      info: .success(StoreResult(Self.info, source: .demoCatalog)),
      lists: [
        "artists 1": page([Self.artist], of: 2), "artists 2": page([second], number: 2, of: 2, stale: true),
        "albums 1": page([]),
      ])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchTag(request: .init())
    #expect(presenter.response?.hasMore == true)
    // When the next page is asked for
    await sut.fetchNextPage(request: .init())
    // Then
    #expect(presenter.response?.artists == [Self.artist, second])
    #expect(presenter.response?.hasMore == false)
    #expect(presenter.response?.isStale == true)
  }

  @Test func exportNeedsTheDescriptionLoaded() async {
    let worker = WorkerSpy(info: .failure(.offlineNotCached), lists: [:])
    let (sut, presenter) = makeSUT(worker)
    await sut.fetchTag(request: .init())
    sut.exportData(request: .init())
    #expect(!presenter.presentExportedDataCalled)
    #expect(presenter.response?.infoError == .offlineNotCached)
  }
}
