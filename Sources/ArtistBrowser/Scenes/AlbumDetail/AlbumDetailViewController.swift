import FoundationEssentials

@MainActor
protocol AlbumDetailDisplayLogic: AnyObject {
  func displayAlbum(viewModel: AlbumDetail.FetchAlbum.ViewModel)
  func displayExportedData(viewModel: AlbumDetail.ExportData.ViewModel)
}

/// An album's tracks with durations and the total, around its cover as large as the screen allows (beside the
/// tracks from `PicturePane.minimumWidth` columns up, above them below that). Without large pictures (printouts)
/// the cover sits in the header when thumbnails are on.
@MainActor
public final class AlbumDetailViewController: BrowserScene, AlbumDetailDisplayLogic {
  var interactor: (any AlbumDetailBusinessLogic)?
  var router: (any AlbumDetailRoutingLogic & AlbumDetailDataPassing)?

  private(set) var viewModel: AlbumDetail.FetchAlbum.ViewModel?
  private var exported: AlbumDetail.ExportData.ViewModel?
  private(set) var viewport = ListViewport()
  private let chores: SceneChores
  /// The cover, large; nil without pictures.
  let cover: PictureBox?
  /// Track rows kept under the cover on a narrow screen.
  static let minimumTrackRows = 5

  init(preferences: BrowserPreferences, thumbnails: ThumbnailSlots?, cover: PictureBox? = nil) {
    chores = SceneChores(preferences: preferences, thumbnails: thumbnails)
    self.cover = cover
    cover?.onUpdate = { [weak self] in self?.changed() }
  }

  public var onNeedsDisplay: (@MainActor () -> Void)? {
    get { chores.onNeedsDisplay }
    set { chores.onNeedsDisplay = newValue }
  }

  public var title: String { viewModel?.title ?? router?.dataStore?.albumName ?? "Album" }

  public var status: StatusLine { chores.status(viewModel?.status) }

  public func start() { fetchAlbum(refresh: false) }

  public func stop() {
    chores.stop()
    cover?.cancel()
  }

  public func waitForLoad() async { await chores.waitForLoad() }
  public func waitForThumbnails() async { await chores.waitForThumbnails() }
  public var isSettled: Bool { chores.isSettled && cover?.pendingURL == nil }

  func displayAlbum(viewModel: AlbumDetail.FetchAlbum.ViewModel) {
    self.viewModel = viewModel
    viewport.setCount(viewModel.tracks.count, resetSelection: true)
    changed()
  }

  func displayExportedData(viewModel: AlbumDetail.ExportData.ViewModel) { exported = viewModel }

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
    renderFrame(width: width, height: height).lines
  }

  public func renderFrame(width: Int, height: Int) -> SceneFrame {
    guard let viewModel else {
      return SceneFrame(
        lines: ScreenLayout.compose(
          header: [title], body: { _ in ["Loading…"] }, footer: ["h back"], width: width, height: height))
    }
    guard let cover else { return SceneFrame(lines: page(viewModel, width: width, height: height, showsCover: true)) }
    let textRows = 4 + min(Self.minimumTrackRows, max(1, viewModel.tracks.count))
    return PicturePage.frame(
      picture: cover, url: viewModel.imageURL, width: width, height: height, minimumTextRows: textRows
    ) { textWidth, textHeight in
      SceneFrame(lines: page(viewModel, width: textWidth, height: textHeight, showsCover: false))
    }
  }

  /// The title, the summary and the tracks; with `showsCover`, the thumbnail-sized cover in the header.
  private func page(_ viewModel: AlbumDetail.FetchAlbum.ViewModel, width: Int, height: Int, showsCover: Bool)
    -> [String]
  {
    var header = ["\(viewModel.title) — \(viewModel.artist)", viewModel.summary]
    if showsCover, let thumbnails = chores.shownThumbnails {
      thumbnails.request(viewModel.imageURL.map { [$0] } ?? [])
      header += thumbnails.lines(for: viewModel.imageURL)
    }
    let nameColumns = SceneText.nameColumns(width: width, preferred: AlbumDetailPresenter.nameColumns, reserved: 16)
    let texts = viewModel.tracks.map {
      SceneText.padLeft($0.number, 4) + " " + SceneText.column($0.name, nameColumns) + "  "
        + SceneText.padLeft($0.duration, 7)
    }
    let footer = cover == nil ? "j/k move · h back · t cover · r refresh" : "j/k move · h back · r refresh"
    return ScreenLayout.compose(
      header: header + [""],
      body: { bodyHeight in
        if let error = viewModel.errorMessage { return [error] }
        if texts.isEmpty { return ["No tracks listed."] }
        return ListRenderer.lines(
          texts: texts, imageURLs: [], viewport: &viewport, width: width, height: bodyHeight, thumbnails: nil)
      }, footer: [footer], width: width, height: height)
  }

  public func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    var lines = ["\(viewModel.title) — \(viewModel.artist)"]
    if let error = viewModel.errorMessage { return lines + [error] }
    if !viewModel.summary.isEmpty { lines.append(viewModel.summary) }
    return lines + viewModel.tracks.map { "\(SceneText.padLeft($0.number, 4)) \($0.name) (\($0.duration))" }
  }

  public func jsonSnapshot() throws -> Data {
    exported = nil
    interactor?.exportData(request: .init())
    return try SnapshotEncoder.encode(loaded: exported)
  }

  private func fetchAlbum(refresh: Bool) {
    guard let interactor else { return }
    chores.load { await interactor.fetchAlbum(request: .init(refresh: refresh)) }
  }

  private func changed() { chores.changed() }
}
