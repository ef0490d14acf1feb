import FoundationEssentials
import TerminalUI

@MainActor
protocol SimilarArtistsDisplayLogic: AnyObject {
  func displaySimilar(viewModel: SimilarArtists.FetchSimilar.ViewModel)
  func displayExportedData(viewModel: SimilarArtists.ExportData.ViewModel)
}

/// Artists similar to one artist, with the match as a percentage; Enter opens one.
@MainActor
public final class SimilarArtistsViewController: BrowserScene, SimilarArtistsDisplayLogic {
  var interactor: (any SimilarArtistsBusinessLogic)?
  var router: (any SimilarArtistsRoutingLogic & SimilarArtistsDataPassing)?

  private(set) var viewModel: SimilarArtists.FetchSimilar.ViewModel?
  private var exported: SimilarArtists.ExportData.ViewModel?
  private(set) var viewport = ListViewport()
  private let chores: SceneChores

  /// The selected artist's picture beside the list on a wide screen; nil without pictures.
  let previewPicture: PictureBox?

  init(
    preferences: BrowserPreferences, thumbnails: ThumbnailSlots?, previewPicture: PictureBox? = nil,
    wall: WallView? = nil
  ) {
    chores = SceneChores(preferences: preferences, thumbnails: thumbnails, wall: wall)
    self.previewPicture = previewPicture
    previewPicture?.onUpdate = { [weak self] in self?.changed() }
  }

  public var onNeedsDisplay: (@MainActor () -> Void)? {
    get { chores.onNeedsDisplay }
    set { chores.onNeedsDisplay = newValue }
  }

  public var title: String { viewModel?.title ?? "Similar artists" }

  public var status: StatusLine { chores.status(viewModel?.status) }

  public func start() { fetchSimilar(refresh: false) }

  public func stop() {
    chores.stop()
    previewPicture?.cancel()
  }

  public func waitForLoad() async { await chores.waitForLoad() }
  public func waitForThumbnails() async { await chores.waitForThumbnails() }
  public var isSettled: Bool { chores.isSettled && previewPicture?.pendingURL == nil }

  func displaySimilar(viewModel: SimilarArtists.FetchSimilar.ViewModel) {
    self.viewModel = viewModel
    viewport.setCount(viewModel.rows.count, resetSelection: true)
    changed()
  }

  public func handle(_ key: BrowserKey) -> Bool {
    if chores.handleWallKey(key, viewport: &viewport) { return true }
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
      chores.toggleThumbnails()
    case .refresh:
      fetchSimilar(refresh: true)
    default:
      return false
    }
    return true
  }

  public func render(width: Int, height: Int) -> [String] {
    renderFrame(width: width, height: height).lines
  }

  public func renderFrame(width: Int, height: Int) -> SceneFrame {
    let header = [title, ""]
    var pictures: [PicturePlacement] = []
    let lines = ScreenLayout.compose(
      header: header,
      body: { bodyHeight in
        guard let viewModel, viewModel.emptyMessage == nil else {
          return [viewModel?.emptyMessage ?? "Loading…"]
        }
        if let wall = chores.wallFrame(
          tiles: viewModel.rows.map { WallTile(imageURL: $0.imageURL, title: $0.name, subtitle: "\($0.match) match") },
          selection: viewport.selection, width: width, height: bodyHeight)
        {
          pictures = wall.picturesOffset(rows: header.count)
          return wall.lines
        }
        let selected = viewModel.rows.indices.contains(viewport.selection) ? viewModel.rows[viewport.selection] : nil
        let body = PicturePane.list(
          width: width, height: bodyHeight, bodyRow: header.count, picture: previewPicture, url: selected?.imageURL,
          facts: selected.map { [$0.name, "\($0.match) match"] } ?? []
        ) { columns in
          ListRenderer.frame(
            texts: viewModel.rows.map(Self.rowText), imageURLs: viewModel.rows.map(\.imageURL),
            viewport: &viewport, width: columns, height: bodyHeight, thumbnails: chores.shownThumbnails)
        }
        pictures = body.pictures
        return body.lines
      },
      footer: [
        chores.shownWall == nil ? "j/k move · Enter open · h back · t thumbnails · r refresh" : SceneText.wallHint
      ],
      width: width, height: height)
    return SceneFrame(lines: lines, pictures: pictures)
  }

  public func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    let rows = viewModel.rows.map { "\(SceneText.padLeft($0.match, 4)) \($0.name)" }
    return [viewModel.title] + (viewModel.emptyMessage.map { [$0] } ?? rows)
  }

  func displayExportedData(viewModel: SimilarArtists.ExportData.ViewModel) { exported = viewModel }

  public func jsonSnapshot() throws -> Data {
    exported = nil
    interactor?.exportData(request: .init())
    return try SnapshotEncoder.encode(loaded: exported)
  }

  static func rowText(_ row: SimilarArtists.FetchSimilar.ViewModel.Row) -> String {
    SceneText.padLeft(row.match, 4) + "  " + row.name
  }

  private func fetchSimilar(refresh: Bool) {
    guard let interactor else { return }
    chores.load { await interactor.fetchSimilar(request: .init(refresh: refresh)) }
  }

  private func changed() { chores.changed() }
}
