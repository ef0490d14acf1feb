import FoundationEssentials
import TerminalUI

@MainActor
protocol ArtistDetailDisplayLogic: ExportDataDisplayLogic where ExportedViewModel == ArtistDetail.ExportData.ViewModel {
  func displayArtist(viewModel: ArtistDetail.FetchArtist.ViewModel)
  func displayOpenTrack(viewModel: ArtistDetail.OpenTrack.ViewModel)
}

/// One artist: figures, tags, bio, then a list whose first row opens similar artists and the rest are albums;
/// the artist's picture as large as the screen allows, beside (wide) or above (narrow).
final class ArtistDetailViewController:
  SceneViewController<any ArtistDetailBusinessLogic, any ArtistDetailRoutingLogic & ArtistDetailDataPassing>,
  SceneShell, ArtistDetailDisplayLogic
{
  private(set) var viewModel: ArtistDetail.FetchArtist.ViewModel?
  private(set) var viewport = ListViewport()
  /// `Tab`: the list shows the artist's top tracks instead of their albums.
  private(set) var showsTracks = false
  /// `T` with several tags: the footer offers them by number until one is picked or Esc.
  private var tagPicker = TagPicker()
  var picksTag: Bool { tagPicker.isOffering }
  /// The artist's picture, large; nil without pictures.
  let picture: LargePictureLoader?
  static let similarArtistsRow = "Similar artists →"
  static let bioLines = 3
  /// List rows kept under the picture on a narrow screen.
  static let minimumListRows = 4

  init(runtime: SceneRuntime, picture: LargePictureLoader? = nil) {
    self.picture = runtime.adopt(picture)
    super.init(runtime: runtime)
  }

  var title: String { viewModel?.name ?? router?.dataStore?.artistName ?? "Artist" }

  /// Why Enter on a top track stayed here; until the next key.
  private(set) var note: String?

  var status: StatusLine {
    var status = runtime.status(viewModel?.status)
    if let note { status.error = note }
    return status
  }

  func start() { fetchArtist(refresh: false) }

  func displayArtist(viewModel: ArtistDetail.FetchArtist.ViewModel) {
    self.viewModel = viewModel
    viewport.setCount(1 + listCount(viewModel), resetSelection: true)
    changed()
  }

  /// The top track's album is known: open it; else say why the page stays. Not once the scene was left.
  func displayOpenTrack(viewModel: ArtistDetail.OpenTrack.ViewModel) {
    guard !Task.isCancelled else { return }
    if viewModel.opensAlbum {
      router?.routeToAlbumDetail()
    } else {
      note = viewModel.note
      changed()
    }
  }

  func handle(_ key: BrowserKey) -> Bool {
    note = nil
    if picksTag { return pickTag(key) }
    if key == .character("m") {
      router?.routeToSimilarArtists()
      return true
    }
    if key == .character("T") {
      offerTags()
      return true
    }
    if key == .tab, runtime.shownWall == nil, let viewModel, viewModel.errorMessage == nil {
      showsTracks.toggle()
      viewport.setCount(1 + listCount(viewModel), resetSelection: true)
      changed()
      return true
    }
    // The wall shows the albums: the action row above them stays in the list (and `m`).
    if viewModel?.errorMessage == nil, handleWallKey(key, viewport: &viewport, first: 1) { return true }
    guard let command = ListCommand(key) else { return false }
    if handleCommon(command, viewport: &viewport) { return true }
    switch command {
    case .open:
      guard viewModel?.errorMessage == nil else { return true }
      if viewport.selection == 0 {
        router?.routeToSimilarArtists()
      } else if !showsTracks {
        interactor?.selectAlbum(request: .init(index: viewport.selection - 1))
        router?.routeToAlbumDetail()
      } else if let interactor {
        let index = viewport.selection - 1
        runtime.load { await interactor.openTrack(request: .init(index: index)) }
      }
    case .back:
      router?.routeBack()
    case .refresh:
      fetchArtist(refresh: true)
    default:
      return false
    }
    return true
  }

  func renderFrame(width: Int, height: Int) -> SceneFrame {
    if let viewModel, viewModel.errorMessage == nil, runtime.shownWall != nil {
      return wallPage(viewModel, width: width, height: height)
    }
    guard let picture, let viewModel, viewModel.errorMessage == nil else {
      return page(width: width, height: height)
    }
    let rowHeight = runtime.shownThumbnails?.size.rows ?? 1
    let textRows = header(viewModel, width: width).count + Self.minimumListRows * rowHeight + 1
    return PicturePage.frame(
      picture: picture, url: viewModel.imageURL, width: width, height: height, minimumTextRows: textRows,
      text: page(width:height:))
  }

  /// The page's text and its list's thumbnails, in `width × height` cells.
  private func page(width: Int, height: Int) -> SceneFrame {
    var pictures: [PicturePlacement] = []
    let lines = pageLines(width: width, height: height) { list, headerRows in
      pictures = list.picturesOffset(rows: headerRows)
    }
    return SceneFrame(lines: lines, pictures: pictures)
  }

  /// The artist's albums as a wall under the artist's name and figures.
  private func wallPage(_ viewModel: ArtistDetail.FetchArtist.ViewModel, width: Int, height: Int) -> SceneFrame {
    let header = [viewModel.name, SceneText.joined([viewModel.listeners, viewModel.playCount])]
    var pictures: [PicturePlacement] = []
    let lines = ScreenLayout.compose(
      header: header,
      body: { bodyHeight in
        if let message = viewModel.albumsMessage, viewModel.albums.isEmpty { return [message] }
        let tiles = viewModel.albums.map { WallTile(imageURL: $0.imageURL, title: $0.name, subtitle: $0.playCount) }
        let wall = runtime.wallFrame(
          tiles: tiles, selection: viewport.selection, first: 1, width: width, height: bodyHeight)
        pictures = wall?.picturesOffset(rows: header.count) ?? []
        return wall?.lines ?? []
      }, footer: [picksTag ? footer : SceneText.wallHint + " · m similar · T tag"], width: width, height: height)
    return SceneFrame(lines: lines, pictures: pictures)
  }

  private func header(_ viewModel: ArtistDetail.FetchArtist.ViewModel, width: Int) -> [String] {
    let facts = [viewModel.name, SceneText.joined([viewModel.listeners, viewModel.playCount]), viewModel.tags]
    return facts.filter { !$0.isEmpty }
      + SceneText.wrap(viewModel.bio, width: width, maxLines: Self.bioLines) + [
        "", showsTracks ? "Top tracks" : "Top albums",
      ]
  }

  private func pageLines(width: Int, height: Int, list drawn: (SceneFrame, Int) -> Void) -> [String] {
    guard let viewModel else { return loadingFrame(footer: SceneText.listHint, width: width, height: height).lines }
    if let error = viewModel.errorMessage {
      return failureFrame(name: viewModel.name, error: error, width: width, height: height).lines
    }
    let header = header(viewModel, width: width)
    let slots = runtime.shownThumbnails
    let figures = showsTracks ? viewModel.tracks.map(Self.trackFigures) : viewModel.albums.map(\.playCount)
    let reserved = 9 + SceneText.widest(figures) + (slots.map { $0.size.columns + 1 } ?? 0)
    let rows = listRows(
      viewModel,
      nameColumns: SceneText.nameColumns(width: width, preferred: ArtistDetailPresenter.nameColumns, reserved: reserved)
    )
    return ScreenLayout.compose(
      header: header,
      body: { bodyHeight in
        let list = ListRenderer.frame(
          texts: rows.texts, imageURLs: rows.urls, viewport: &viewport, width: width, height: bodyHeight,
          thumbnails: slots)
        drawn(list, header.count)
        return list.lines
      }, footer: [footer], width: width, height: height)
  }

  func plainLines() -> [String] {
    guard let viewModel else { return [title] }
    if let error = viewModel.errorMessage { return [viewModel.name, error] }
    var lines = [viewModel.name, SceneText.joined([viewModel.listeners, viewModel.playCount])]
    if !viewModel.tags.isEmpty { lines.append("Tags: \(viewModel.tags)") }
    if !viewModel.bio.isEmpty { lines.append(viewModel.bio) }
    lines.append("Top albums:")
    lines += viewModel.albums.map { "\(SceneText.padLeft($0.rank, 4)) \($0.name) — \($0.playCount)" }
    if let message = viewModel.albumsMessage { lines.append(message) }
    // A catalog without top tracks leaves the section out.
    guard !viewModel.tracks.isEmpty || viewModel.tracksMessage != nil else { return lines }
    lines.append("Top tracks:")
    lines += viewModel.tracks.map { "\(SceneText.padLeft($0.rank, 4)) \($0.name) — \(Self.trackFigures($0))" }
    if let message = viewModel.tracksMessage { lines.append(message) }
    return lines
  }

  func requestExport() { interactor?.exportData(request: .init()) }

  private func listRows(_ viewModel: ArtistDetail.FetchArtist.ViewModel, nameColumns: Int)
    -> (texts: [String], urls: [URL?])
  {
    if showsTracks {
      let texts = viewModel.tracks.map {
        SceneText.padLeft($0.rank, 4) + " " + SceneText.column($0.name, nameColumns) + "  " + Self.trackFigures($0)
      }
      let message = viewModel.tracksMessage.map { ["     \($0)"] } ?? []
      return ([Self.similarArtistsRow] + texts + message, Array(repeating: nil, count: 1 + texts.count + message.count))
    }
    let albumTexts = viewModel.albums.map {
      SceneText.padLeft($0.rank, 4) + " " + SceneText.column($0.name, nameColumns) + "  " + $0.playCount
    }
    let message = viewModel.albumsMessage.map { ["     \($0)"] } ?? []
    // The message row is not selectable content; it just sits after the action row when there are no albums.
    return ([Self.similarArtistsRow] + albumTexts + message, [nil] + viewModel.albums.map(\.imageURL) + [nil])
  }

  static func trackFigures(_ track: ArtistDetail.FetchArtist.ViewModel.Track) -> String {
    SceneText.joined([track.playCount, track.listeners])
  }

  private func listCount(_ viewModel: ArtistDetail.FetchArtist.ViewModel) -> Int {
    showsTracks ? viewModel.tracks.count : viewModel.albums.count
  }

  private var footer: String {
    if picksTag { return TagPicker.footer(tags: viewModel?.tagNames ?? []) }
    return "j/k move · Enter open · m similar artists · Tab albums/tracks · T tag · h back · t thumbnails · r refresh"
  }

  private func offerTags() {
    guard let index = tagPicker.start(tags: viewModel?.tagNames ?? []) else { return changed() }
    openTag(at: index)
  }

  private func pickTag(_ key: BrowserKey) -> Bool {
    if let index = tagPicker.pick(key, tags: viewModel?.tagNames ?? []) { openTag(at: index) }
    changed()
    return true
  }

  private func openTag(at index: Int) {
    interactor?.selectTag(request: .init(index: index))
    router?.routeToTag()
  }

  private func fetchArtist(refresh: Bool) {
    guard let interactor else { return }
    runtime.load { await interactor.fetchArtist(request: .init(refresh: refresh)) }
  }
}
