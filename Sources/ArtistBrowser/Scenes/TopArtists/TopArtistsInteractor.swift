@MainActor
protocol TopArtistsBusinessLogic: ExportDataBusinessLogic {
  func fetchArtists(request: TopArtists.FetchArtists.Request) async
  func fetchNextPage(request: TopArtists.FetchNextPage.Request) async
  func changeSort(request: TopArtists.ChangeSort.Request)
  func selectArtist(request: TopArtists.SelectArtist.Request)
  func showPreview(request: TopArtists.ShowPreview.Request)
  func fetchPreviewDetails(request: TopArtists.ShowPreview.Request) async
  func selectTag(request: TopArtists.SelectTag.Request)
}

@MainActor
protocol TopArtistsDataStore: AnyObject {
  /// Loaded artists in display order.
  var artists: [ArtistSummary] { get }
  var selectedArtist: ArtistSummary? { get set }
  /// The tag picked with `T` in the preview pane.
  var selectedTag: String? { get }
}

final class TopArtistsInteractor:
  SceneInteractor<any TopArtistsPresentationLogic, any TopArtistsWorking>, TopArtistsBusinessLogic, TopArtistsDataStore
{
  private(set) var artists: [ArtistSummary] = []
  var selectedArtist: ArtistSummary?
  private(set) var selectedTag: String?
  /// The tags of the artist the preview pane shows, once its details came.
  private var previewTags: [String] = []
  private(set) var sort: ArtistSortOrder = .rank
  private var loadedPages = 0
  private var totalPages = 1
  private var source: DataSource?
  private var isStale = false
  /// Guards against a second page request while one is out (the selection keeps moving while it loads).
  private var isLoadingPage = false

  func fetchArtists(request: TopArtists.FetchArtists.Request) async {
    isLoadingPage = true
    defer { isLoadingPage = false }
    do {
      let result = try await worker.fetchPage(1, policy: request.refresh ? .reload : .useCache)
      loadedPages = 1
      totalPages = result.value.totalPages
      record(result)
      artists = ArtistSorting.sorted(result.value.items, by: sort)
      present(error: nil)
    } catch {
      present(error: StoreError(error))
    }
  }

  func fetchNextPage(request: TopArtists.FetchNextPage.Request) async {
    guard !isLoadingPage, loadedPages > 0, loadedPages < totalPages else { return }
    isLoadingPage = true
    defer { isLoadingPage = false }
    do {
      let result = try await worker.fetchPage(loadedPages + 1, policy: .useCache)
      loadedPages += 1
      totalPages = result.value.totalPages
      record(result)
      // Pages can overlap when the chart moves between requests: keep the first occurrence.
      let known = Set(artists.map { $0.name.lowercased() })
      let fresh = result.value.items.filter { !known.contains($0.name.lowercased()) }
      artists = ArtistSorting.sorted(artists + fresh, by: sort)
      present(error: nil)
    } catch {
      present(error: StoreError(error))
    }
  }

  func changeSort(request: TopArtists.ChangeSort.Request) {
    sort = request.order ?? sort.next
    artists = ArtistSorting.sorted(artists, by: sort)
    present(error: nil)
  }

  func selectArtist(request: TopArtists.SelectArtist.Request) {
    selectedArtist = request.row(in: artists)
  }

  /// The row's own facts, at once.
  func showPreview(request: TopArtists.ShowPreview.Request) {
    guard let artist = request.row(in: artists) else { return }
    previewTags = []
    presenter?.presentPreview(response: .init(artist: artist, details: nil))
  }

  /// The row's facts with its tags, when the details come (from the metadata cache when known). A failed load
  /// leaves the row's facts on screen: the preview is a courtesy, its error would only add noise.
  func fetchPreviewDetails(request: TopArtists.ShowPreview.Request) async {
    guard let artist = request.row(in: artists) else { return }
    guard let details = try? await worker.fetchDetails(artist: artist.name), !Task.isCancelled else { return }
    previewTags = details.tags
    presenter?.presentPreview(response: .init(artist: artist, details: details))
  }

  /// The index counts the tags as the preview shows them.
  func selectTag(request: TopArtists.SelectTag.Request) {
    selectedTag = request.row(in: previewTags)
  }

  func exportData(request: TopArtists.ExportData.Request) {
    guard loadedPages > 0 else { return }
    presenter?.presentExportedData(response: response(error: nil))
  }

  private func record(_ result: StoreResult<Page<ArtistSummary>>) {
    source = result.source
    isStale = result.isStale
  }

  private func present(error: StoreError?) {
    presenter?.presentArtists(response: response(error: error))
  }

  private func response(error: StoreError?) -> TopArtists.FetchArtists.Response {
    .init(
      artists: artists, sort: sort, hasMore: loadedPages < totalPages && loadedPages > 0, source: source,
      isStale: isStale, error: error)
  }
}
