import FoundationEssentials
import TerminalUI

@MainActor
protocol TagDisplayLogic: AnyObject {
  func displayTag(viewModel: TagPage.FetchTag.ViewModel)
  func displayExportedData(viewModel: TagPage.ExportData.ViewModel)
}

/// A tag (genre): its summary, then its top artists or top albums (`Tab` switches). From
/// `PicturePane.minimumWidth` columns up the selected row's picture stands beside the list.
@MainActor
public final class TagViewController: BrowserScene, TagDisplayLogic {
  var interactor: (any TagBusinessLogic)?
  var router: (any TagRoutingLogic & TagDataPassing)?

  private(set) var viewModel: TagPage.FetchTag.ViewModel?
  private var exported: TagPage.ExportData.ViewModel?
  private(set) var viewport = ListViewport()
  private let chores: SceneChores
  let previewPicture: PictureBox?
  private var resetsSelection = true
  static let summaryLines = 3
  static let pagingThreshold = 5
  static let footer =
    "j/k move · Enter open · Tab artists/albums · s sort · h back · t thumbnails · w wall · r refresh"

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

  public var title: String { viewModel?.name ?? router?.dataStore?.tagName ?? "Tag" }

  public var status: StatusLine { chores.status(viewModel?.status) }

  public func start() { fetchTag(refresh: false) }

  public func stop() {
    chores.stop()
    previewPicture?.cancel()
  }

  public func waitForLoad() async { await chores.waitForLoad() }
  public func waitForThumbnails() async { await chores.waitForThumbnails() }
  public var isSettled: Bool { chores.isSettled && previewPicture?.pendingURL == nil }

  func displayTag(viewModel: TagPage.FetchTag.ViewModel) {
    self.viewModel = viewModel
    viewport.setCount(viewModel.rows.count, resetSelection: resetsSelection)
    resetsSelection = false
    changed()
  }

  func displayExportedData(viewModel: TagPage.ExportData.ViewModel) { exported = viewModel }

  public func handle(_ key: BrowserKey) -> Bool {
    let canList = viewModel?.errorMessage == nil
    if canList, chores.handleWallKey(key, viewport: &viewport) {
      fetchNextPageIfNeeded()
      return true
    }
    if key == .tab {
      resetsSelection = true
      interactor?.switchList(request: .init(list: nil))
      return true
    }
    guard let command = ListCommand(key) else { return false }
    if viewport.apply(command) {
      fetchNextPageIfNeeded()
      changed()
      return true
    }
    switch command {
    case .open:
      guard canList, viewModel?.rows.isEmpty == false else { return true }
      interactor?.selectItem(request: .init(index: viewport.selection))
      router?.routeToSelection()
    case .back:
      router?.routeBack()
    case .cycleSort:
      resetsSelection = true
      interactor?.changeSort(request: .init(order: nil))
    case .toggleThumbnails:
      chores.toggleThumbnails()
    case .refresh:
      fetchTag(refresh: true)
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
          header: [title], body: { _ in ["Loading…"] }, footer: [Self.footer], width: width, height: height))
    }
    if let error = viewModel.errorMessage {
      return SceneFrame(
        lines: ScreenLayout.compose(
          header: [viewModel.name, ""], body: { _ in [error] }, footer: ["h back · r retry"], width: width,
          height: height))
    }
    let header =
      [SceneText.joined([viewModel.name, viewModel.figures])]
      + SceneText.wrap(viewModel.summary, width: width, maxLines: Self.summaryLines) + [viewModel.tabs, ""]
    var pictures: [PicturePlacement] = []
    let lines = ScreenLayout.compose(
      header: header,
      body: { bodyHeight in
        let body = ListingBody.frame(
          rows: viewModel.rows, message: viewModel.listMessage, chores: chores, viewport: &viewport,
          picture: previewPicture, bodyRow: header.count, width: width, height: bodyHeight)
        pictures = body.pictures
        return body.lines
      }, footer: [chores.shownWall == nil ? Self.footer : SceneText.wallHint + " · Tab artists/albums"], width: width,
      height: height)
    return SceneFrame(lines: lines, pictures: pictures)
  }

  public func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    if let error = viewModel.errorMessage { return [viewModel.name, error] }
    var lines = [SceneText.joined([viewModel.name, viewModel.figures])]
    if !viewModel.summary.isEmpty { lines.append(viewModel.summary) }
    for list in TagPage.List.allCases {
      let rows = list == .artists ? viewModel.artists : viewModel.albums
      lines.append(list.title + ":")
      let message = list == .artists ? viewModel.artistsMessage : viewModel.albumsMessage
      lines += message.map { [$0] } ?? ListingBody.plainLines(rows)
    }
    return lines
  }

  public func jsonSnapshot() throws -> Data {
    exported = nil
    interactor?.exportData(request: .init())
    return try SnapshotEncoder.encode(loaded: exported)
  }

  private func fetchTag(refresh: Bool) {
    guard let interactor else { return }
    resetsSelection = true
    chores.load { await interactor.fetchTag(request: .init(refresh: refresh)) }
  }

  private func fetchNextPageIfNeeded() {
    guard !chores.isLoading, viewModel?.hasMore == true, viewport.isNear(endWithin: Self.pagingThreshold) else {
      return
    }
    guard let interactor else { return }
    chores.load { await interactor.fetchNextPage(request: .init()) }
  }

  private func changed() { chores.changed() }
}
