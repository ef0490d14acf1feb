import Foundation

@MainActor
protocol TopArtistsDisplayLogic: AnyObject {
  func displayArtists(viewModel: TopArtists.FetchArtists.ViewModel)
}

/// The chart. Loads the next page when the selection comes within `pagingThreshold` rows of the end.
@MainActor
public final class TopArtistsViewController: BrowserScene, TopArtistsDisplayLogic {
  var interactor: (any TopArtistsBusinessLogic)?
  var router: (any TopArtistsRoutingLogic & TopArtistsDataPassing)?

  private(set) var viewModel: TopArtists.FetchArtists.ViewModel?
  private(set) var viewport = ListViewport()
  private let chores: SceneChores
  private var resetsSelection = true
  static let pagingThreshold = 5

  init(preferences: BrowserPreferences, thumbnails: ThumbnailSlots?) {
    chores = SceneChores(preferences: preferences, thumbnails: thumbnails)
  }

  public var onNeedsDisplay: (@MainActor () -> Void)? {
    get { chores.onNeedsDisplay }
    set { chores.onNeedsDisplay = newValue }
  }

  /// The slots themselves, on or off (tests wait on their loads).
  var thumbnails: ThumbnailSlots? { chores.thumbnails }

  public var title: String { "Top artists" }

  public var status: StatusLine { chores.status(viewModel?.status) }

  public func start() { fetchArtists(refresh: false) }

  public func stop() { chores.stop() }

  /// Awaits the load in progress, if any (tests; `--plain` / `--json` before printing).
  public func waitForLoad() async { await chores.waitForLoad() }
  public func waitForThumbnails() async { await chores.waitForThumbnails() }

  // MARK: Display logic

  func displayArtists(viewModel: TopArtists.FetchArtists.ViewModel) {
    self.viewModel = viewModel
    viewport.setCount(viewModel.rows.count, resetSelection: resetsSelection)
    resetsSelection = false
    changed()
  }

  // MARK: Keys

  public func handle(_ key: BrowserKey) -> Bool {
    guard let command = ListCommand(key) else { return false }
    if viewport.apply(command) {
      fetchNextPageIfNeeded()
      changed()
      return true
    }
    switch command {
    case .open:
      guard let rows = viewModel?.rows, !rows.isEmpty else { return true }
      interactor?.selectArtist(request: .init(index: viewport.selection))
      router?.routeToArtistDetail()
    case .search:
      router?.routeToSearch()
    case .cycleSort:
      resetsSelection = true
      interactor?.changeSort(request: .init(order: nil))
    case .toggleThumbnails:
      chores.toggleThumbnails()
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

  public func render(width: Int, height: Int) -> [String] {
    let header = [SceneText.joined([title, viewModel?.sortLabel ?? ""]), ""]
    return ScreenLayout.compose(
      header: header,
      body: { bodyHeight in
        guard let viewModel, viewModel.emptyMessage == nil else {
          return [viewModel?.emptyMessage ?? "Loading…"]
        }
        let slots = chores.shownThumbnails
        let reserved = 9 + SceneText.widest(viewModel.rows.map(\.listeners)) + (slots.map { $0.size.columns + 1 } ?? 0)
        let nameColumns = SceneText.nameColumns(
          width: width, preferred: TopArtistsPresenter.nameColumns, reserved: reserved)
        return ListRenderer.lines(
          texts: viewModel.rows.map { Self.rowText($0, nameColumns: nameColumns) },
          imageURLs: viewModel.rows.map(\.imageURL), viewport: &viewport, width: width, height: bodyHeight,
          thumbnails: slots)
      }, footer: [SceneText.listHint], width: width, height: height)
  }

  public func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    let rows = viewModel.rows.map { "\(SceneText.padLeft($0.rank, 4)) \($0.name) — \($0.listeners)" }
    return ["\(title) (\(viewModel.sortLabel))"] + (viewModel.emptyMessage.map { [$0] } ?? rows)
  }

  public func jsonSnapshot() throws -> Data { try SnapshotEncoder.encode(viewModel) }

  // MARK: Private

  static func rowText(_ row: TopArtists.FetchArtists.ViewModel.Row, nameColumns: Int) -> String {
    SceneText.padLeft(row.rank, 4) + " " + SceneText.column(row.name, nameColumns) + "  " + row.listeners
  }

  private func fetchArtists(refresh: Bool) {
    resetsSelection = true
    run { interactor in await interactor.fetchArtists(request: .init(refresh: refresh)) }
  }

  private func fetchNextPageIfNeeded() {
    guard !chores.isLoading, viewModel?.hasMore == true, viewport.isNear(endWithin: Self.pagingThreshold) else {
      return
    }
    run { interactor in await interactor.fetchNextPage(request: .init()) }
  }

  private func run(_ work: @escaping @MainActor (any TopArtistsBusinessLogic) async -> Void) {
    guard let interactor else { return }
    chores.load { await work(interactor) }
  }

  private func changed() { chores.changed() }
}
