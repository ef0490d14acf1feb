import Foundation

@MainActor
protocol SimilarArtistsDisplayLogic: AnyObject {
  func displaySimilar(viewModel: SimilarArtists.FetchSimilar.ViewModel)
}

/// Artists similar to one artist, with the match as a percentage; Enter opens one.
@MainActor
public final class SimilarArtistsViewController: BrowserScene, SimilarArtistsDisplayLogic {
  var interactor: (any SimilarArtistsBusinessLogic)?
  var router: (any SimilarArtistsRoutingLogic & SimilarArtistsDataPassing)?
  let preferences: BrowserPreferences
  let thumbnails: ThumbnailSlots?
  public var onNeedsDisplay: (@MainActor () -> Void)?

  private(set) var viewModel: SimilarArtists.FetchSimilar.ViewModel?
  private(set) var viewport = ListViewport()
  private(set) var isLoading = false
  private var loadTask: Task<Void, Never>?

  init(preferences: BrowserPreferences, thumbnails: ThumbnailSlots?) {
    self.preferences = preferences
    self.thumbnails = thumbnails
    thumbnails?.onUpdate = { [weak self] in self?.onNeedsDisplay?() }
  }

  public var title: String { viewModel?.title ?? "Similar artists" }

  public var status: StatusLine {
    var status = viewModel?.status ?? StatusLine()
    status.isLoading = isLoading
    return status
  }

  public func start() { fetchSimilar(refresh: false) }

  public func stop() {
    thumbnails?.cancelAll()
    loadTask?.cancel()
  }

  public func waitForLoad() async { await loadTask?.value }

  func displaySimilar(viewModel: SimilarArtists.FetchSimilar.ViewModel) {
    self.viewModel = viewModel
    viewport.setCount(viewModel.rows.count, resetSelection: true)
    changed()
  }

  public func handle(_ key: BrowserKey) -> Bool {
    guard let command = ListCommand(key) else { return false }
    if viewport.apply(command) {
      changed()
      return true
    }
    switch command {
    case .open:
      guard let rows = viewModel?.rows, !rows.isEmpty else { return true }
      interactor?.selectArtist(request: .init(index: viewport.selection))
      router?.routeToArtistDetail()
    case .back:
      router?.routeBack()
    case .toggleThumbnails:
      preferences.showsThumbnails.toggle()
      if !preferences.showsThumbnails { thumbnails?.cancelAll() }
      changed()
    case .refresh:
      fetchSimilar(refresh: true)
    default:
      return false
    }
    return true
  }

  public func render(width: Int, height: Int) -> [String] {
    ScreenLayout.compose(
      header: [title, ""],
      body: { bodyHeight in
        guard let viewModel, viewModel.emptyMessage == nil else {
          return [viewModel?.emptyMessage ?? "Loading…"]
        }
        return ListRenderer.lines(
          texts: viewModel.rows.map(Self.rowText), imageURLs: viewModel.rows.map(\.imageURL),
          viewport: &viewport, width: width, height: bodyHeight,
          thumbnails: preferences.showsThumbnails ? thumbnails : nil)
      }, footer: ["j/k move · Enter open · h back · t thumbnails · r refresh"], width: width, height: height)
  }

  public func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    let rows = viewModel.rows.map { "\(SceneText.padLeft($0.match, 4)) \($0.name)" }
    return [viewModel.title] + (viewModel.emptyMessage.map { [$0] } ?? rows)
  }

  public func jsonSnapshot() throws -> Data { try SnapshotEncoder.encode(viewModel) }

  static func rowText(_ row: SimilarArtists.FetchSimilar.ViewModel.Row) -> String {
    SceneText.padLeft(row.match, 4) + "  " + row.name
  }

  private func fetchSimilar(refresh: Bool) {
    guard let interactor else { return }
    isLoading = true
    changed()
    loadTask = Task { [weak self] in
      await interactor.fetchSimilar(request: .init(refresh: refresh))
      self?.isLoading = false
      self?.changed()
    }
  }

  private func changed() {
    onNeedsDisplay?()
  }
}
