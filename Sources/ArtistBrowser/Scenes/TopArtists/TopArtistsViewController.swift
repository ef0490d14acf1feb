import FoundationEssentials
import TerminalUI

@MainActor
protocol TopArtistsDisplayLogic: ExportDataDisplayLogic where ExportedViewModel == TopArtists.ExportData.ViewModel {
  func displayArtists(viewModel: TopArtists.FetchArtists.ViewModel)
  func displayPreview(viewModel: TopArtists.ShowPreview.ViewModel)
}

/// The chart. Loads the next page when the selection comes within `pagingThreshold` rows of the end. From
/// `PicturePane.minimumWidth` columns up, the selected artist's picture and facts stand beside it.
final class TopArtistsViewController:
  SceneViewController<any TopArtistsBusinessLogic, any TopArtistsRoutingLogic & TopArtistsDataPassing>, PagedScene,
  TopArtistsDisplayLogic
{
  private(set) var viewModel: TopArtists.FetchArtists.ViewModel?
  private(set) var viewport = ListViewport()
  private(set) var preview: TopArtists.ShowPreview.ViewModel?
  /// The row the preview was asked for, and the details load for it.
  private var previewedRow: TopArtists.FetchArtists.ViewModel.Row?
  private(set) var previewTask: Task<Void, Never>?
  /// The details load for `previewedRow` has not finished.
  private var previewDetailsPending = false
  /// `T`: one of the preview's tags.
  private var tagPicker = TagPicker()

  var title: String { "Top artists" }

  var status: StatusLine { runtime.status(viewModel?.status) }

  func start() { fetchArtists(refresh: false) }

  /// The preview's details load stops with the scene.
  func stop() {
    runtime.stop()
    previewTask?.cancel()
  }

  /// The runtime's work, and the preview's details.
  var frameProgress: FrameProgress { runtime.progress + FrameProgress(detailsLoading: previewDetailsPending) }

  // MARK: Display logic

  func displayArtists(viewModel: TopArtists.FetchArtists.ViewModel) {
    self.viewModel = viewModel
    runtime.showList(count: viewModel.rows.count, in: &viewport)
  }

  func displayPreview(viewModel: TopArtists.ShowPreview.ViewModel) {
    preview = viewModel
    changed()
  }

  // MARK: Keys

  func handle(_ key: BrowserKey) -> Bool {
    if tagPicker.isOffering {
      if let index = tagPicker.pick(key, tags: preview?.tags ?? []) { openTag(at: index) }
      changed()
      return true
    }
    if key == .character("T"), runtime.shownWall == nil, let tags = preview?.tags {
      if let index = tagPicker.start(tags: tags) { openTag(at: index) } else { changed() }
      return true
    }
    if handleListKey(key, viewport: &viewport) { return true }
    guard let command = ListCommand(key) else { return false }
    switch command {
    case .open:
      guard let rows = viewModel?.rows, !rows.isEmpty else { return true }
      interactor?.selectArtist(request: .init(index: viewport.selection))
      router?.routeToArtistDetail()
    case .search:
      router?.routeToSearch()
    case .cycleSort:
      runtime.resetsSelection = true
      interactor?.changeSort(request: .init(order: nil))
    case .refresh:
      fetchArtists(refresh: true)
    case .back:
      return false  // The chart is the root: nothing to go back to.
    default:
      return false
    }
    return true
  }

  // MARK: Output

  func renderFrame(width: Int, height: Int) -> SceneFrame {
    let header = [SceneText.joined([title, viewModel?.sortLabel ?? ""]), ""]
    return SceneFrame.composed(header: header, footer: [footer], width: width, height: height) { bodyHeight in
      guard let viewModel, viewModel.emptyMessage == nil else {
        return SceneFrame(lines: [viewModel?.emptyMessage ?? "Loading…"])
      }
      let selection = viewport.selection
      return ListingBody.frame(
        rows: viewModel.rows, message: nil, runtime: runtime, viewport: &viewport, picture: previewPicture,
        bodyRow: header.count, width: width, height: bodyHeight,
        tile: \.tile,
        facts: { selected in
          // The preview follows the selection while the pane is shown.
          if width >= PicturePane.minimumWidth, previewPicture != nil, let selected, selected != previewedRow {
            requestPreview(of: selected, at: selection)
          }
          return preview?.facts ?? []
        },
        list: { columns, viewport in listFrame(viewModel, viewport: &viewport, width: columns, height: bodyHeight) })
    }
  }

  private func listFrame(
    _ viewModel: TopArtists.FetchArtists.ViewModel, viewport: inout ListViewport, width: Int, height: Int
  ) -> SceneFrame {
    let slots = runtime.shownThumbnails
    let reserved = 9 + SceneText.widest(viewModel.rows.map(\.listeners)) + (slots.map { $0.size.columns + 1 } ?? 0)
    let nameColumns = SceneText.nameColumns(
      width: width, preferred: TopArtistsPresenter.nameColumns, reserved: reserved)
    return ListRenderer.frame(
      texts: viewModel.rows.map { Self.rowText($0, nameColumns: nameColumns) },
      imageURLs: viewModel.rows.map(\.imageURL), viewport: &viewport, width: width, height: height,
      thumbnails: slots)
  }

  private var footer: String {
    if tagPicker.isOffering { return TagPicker.footer(tags: preview?.tags ?? []) }
    return runtime.shownWall == nil ? SceneText.listHint : SceneText.wallHint
  }

  private func openTag(at index: Int) {
    interactor?.selectTag(request: .init(index: index))
    router?.routeToTag()
  }

  /// `index`: the row's place in the list (the selection when it was asked for).
  private func requestPreview(of row: TopArtists.FetchArtists.ViewModel.Row, at index: Int) {
    previewedRow = row
    previewTask?.cancel()
    guard let interactor else { return }
    let request = TopArtists.ShowPreview.Request(index: index)
    interactor.showPreview(request: request)
    previewDetailsPending = true
    previewTask = Task { [weak self] in
      await interactor.fetchPreviewDetails(request: request)
      guard let self, self.previewedRow == row else { return }
      self.previewDetailsPending = false
    }
  }

  func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    let rows = viewModel.rows.map { "\(SceneText.padLeft($0.rank, 4)) \($0.name) — \($0.listeners)" }
    return [SceneText.joined([title, viewModel.sortLabel])] + (viewModel.emptyMessage.map { [$0] } ?? rows)
  }

  func requestExport() { interactor?.exportData(request: .init()) }

  // MARK: Private

  static func rowText(_ row: TopArtists.FetchArtists.ViewModel.Row, nameColumns: Int) -> String {
    SceneText.padLeft(row.rank, 4) + " " + SceneText.column(row.name, nameColumns) + "  " + row.listeners
  }

  private func fetchArtists(refresh: Bool) {
    runtime.resetsSelection = true
    run { interactor in await interactor.fetchArtists(request: .init(refresh: refresh)) }
  }

  var hasMorePages: Bool { viewModel?.hasMore == true }

  func fetchNextPage() async { await interactor?.fetchNextPage(request: .init()) }

  private func run(_ work: @escaping @MainActor (any TopArtistsBusinessLogic) async -> Void) {
    guard let interactor else { return }
    runtime.load { await work(interactor) }
  }
}
