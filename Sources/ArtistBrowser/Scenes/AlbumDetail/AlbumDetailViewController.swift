import Foundation

@MainActor
protocol AlbumDetailDisplayLogic: AnyObject {
  func displayAlbum(viewModel: AlbumDetail.FetchAlbum.ViewModel)
}

/// An album's tracks with durations and the total. The cover sits in the header when thumbnails are on.
@MainActor
public final class AlbumDetailViewController: BrowserScene, AlbumDetailDisplayLogic {
  var interactor: (any AlbumDetailBusinessLogic)?
  var router: (any AlbumDetailRoutingLogic & AlbumDetailDataPassing)?

  private(set) var viewModel: AlbumDetail.FetchAlbum.ViewModel?
  private(set) var viewport = ListViewport()
  private let chores: SceneChores

  init(preferences: BrowserPreferences, thumbnails: ThumbnailSlots?) {
    chores = SceneChores(preferences: preferences, thumbnails: thumbnails)
  }

  public var onNeedsDisplay: (@MainActor () -> Void)? {
    get { chores.onNeedsDisplay }
    set { chores.onNeedsDisplay = newValue }
  }

  public var title: String { viewModel?.title ?? router?.dataStore?.albumName ?? "Album" }

  public var status: StatusLine { chores.status(viewModel?.status) }

  public func start() { fetchAlbum(refresh: false) }

  public func stop() { chores.stop() }

  public func waitForLoad() async { await chores.waitForLoad() }
  public func waitForThumbnails() async { await chores.waitForThumbnails() }

  func displayAlbum(viewModel: AlbumDetail.FetchAlbum.ViewModel) {
    self.viewModel = viewModel
    viewport.setCount(viewModel.tracks.count, resetSelection: true)
    changed()
  }

  public func handle(_ key: BrowserKey) -> Bool {
    guard let command = ListCommand(key) else { return false }
    if viewport.apply(command) {
      changed()
      return true
    }
    switch command {
    case .back:
      router?.routeBack()
    case .toggleThumbnails:
      chores.toggleThumbnails()
    case .refresh:
      fetchAlbum(refresh: true)
    case .open:
      break  // Tracks don't open anything.
    default:
      return false
    }
    return true
  }

  public func render(width: Int, height: Int) -> [String] {
    guard let viewModel else {
      return ScreenLayout.compose(
        header: [title], body: { _ in ["Loading…"] }, footer: ["h back"], width: width, height: height)
    }
    var header = ["\(viewModel.title) — \(viewModel.artist)", viewModel.summary]
    if let thumbnails = chores.shownThumbnails {
      thumbnails.request(viewModel.imageURL.map { [$0] } ?? [])
      header += thumbnails.lines(for: viewModel.imageURL)
    }
    let nameColumns = SceneText.nameColumns(width: width, preferred: AlbumDetailPresenter.nameColumns, reserved: 16)
    let texts = viewModel.tracks.map {
      SceneText.padLeft($0.number, 4) + " " + SceneText.column($0.name, nameColumns) + "  "
        + SceneText.padLeft($0.duration, 7)
    }
    return ScreenLayout.compose(
      header: header + [""],
      body: { bodyHeight in
        if let error = viewModel.errorMessage { return [error] }
        if texts.isEmpty { return ["No tracks listed."] }
        return ListRenderer.lines(
          texts: texts, imageURLs: [], viewport: &viewport, width: width, height: bodyHeight, thumbnails: nil)
      }, footer: ["j/k move · h back · t cover · r refresh"], width: width, height: height)
  }

  public func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    var lines = ["\(viewModel.title) — \(viewModel.artist)"]
    if let error = viewModel.errorMessage { return lines + [error] }
    if !viewModel.summary.isEmpty { lines.append(viewModel.summary) }
    return lines + viewModel.tracks.map { "\(SceneText.padLeft($0.number, 4)) \($0.name) (\($0.duration))" }
  }

  public func jsonSnapshot() throws -> Data { try SnapshotEncoder.encode(viewModel) }

  private func fetchAlbum(refresh: Bool) {
    guard let interactor else { return }
    chores.load { await interactor.fetchAlbum(request: .init(refresh: refresh)) }
  }

  private func changed() { chores.changed() }
}
