import FoundationEssentials

@MainActor
protocol AlbumDetailDisplayLogic: ExportDataDisplayLogic where ExportedViewModel == AlbumDetail.ExportData.ViewModel {
  func displayAlbum(viewModel: AlbumDetail.FetchAlbum.ViewModel)
}

/// An album's tracks with durations and the total, around its cover as large as the screen allows (beside the
/// tracks from `PicturePane.minimumWidth` columns up, above them below that). Without large pictures (printouts)
/// the cover sits in the header when thumbnails are on.
final class AlbumDetailViewController:
  SceneViewController<any AlbumDetailBusinessLogic, any AlbumDetailRoutingLogic & AlbumDetailDataPassing>, SceneShell,
  AlbumDetailDisplayLogic
{
  private(set) var viewModel: AlbumDetail.FetchAlbum.ViewModel?
  private(set) var viewport = ListViewport()
  /// The cover, large; nil without pictures.
  let cover: LargePictureLoader?
  /// Track rows kept under the cover on a narrow screen.
  static let minimumTrackRows = 5

  init(runtime: SceneRuntime, cover: LargePictureLoader? = nil) {
    self.cover = runtime.adopt(cover)
    super.init(runtime: runtime)
  }

  var title: String { viewModel?.title ?? router?.dataStore?.albumName ?? "Album" }

  var status: StatusLine { runtime.status(viewModel?.status) }

  func start() { fetchAlbum(refresh: false) }

  func displayAlbum(viewModel: AlbumDetail.FetchAlbum.ViewModel) {
    self.viewModel = viewModel
    viewport.setCount(viewModel.tracks.count, resetSelection: true)
    changed()
  }

  func handle(_ key: BrowserKey) -> Bool {
    guard let command = ListCommand(key) else { return false }
    if handleCommon(command, viewport: &viewport) { return true }
    switch command {
    case .back:
      router?.routeBack()
    case .refresh:
      fetchAlbum(refresh: true)
    case .open:
      break  // Tracks don't open anything.
    default:
      return false
    }
    return true
  }

  func renderFrame(width: Int, height: Int) -> SceneFrame {
    guard let viewModel else { return loadingFrame(footer: "h back", width: width, height: height) }
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
    if showsCover, let thumbnails = runtime.shownThumbnails {
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

  func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    var lines = ["\(viewModel.title) — \(viewModel.artist)"]
    if let error = viewModel.errorMessage { return lines + [error] }
    if !viewModel.summary.isEmpty { lines.append(viewModel.summary) }
    return lines + viewModel.tracks.map { "\(SceneText.padLeft($0.number, 4)) \($0.name) (\($0.duration))" }
  }

  func requestExport() { interactor?.exportData(request: .init()) }

  private func fetchAlbum(refresh: Bool) {
    guard let interactor else { return }
    runtime.load { await interactor.fetchAlbum(request: .init(refresh: refresh)) }
  }
}
