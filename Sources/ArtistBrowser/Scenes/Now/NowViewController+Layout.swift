import FoundationEssentials
import TerminalUI

/// The Now screen's layout. The cover sits beside the text from `besideFrom` columns (an 80-column terminal keeps
/// a cover of 28 columns beside 50 of text), above it below that. The text's lines are fixed (headline, album,
/// when and the heart, the play counts, the tags), so facts arriving late fill lines in without moving the rest.
/// What gives way when rows run short, in order: the earlier tracks' small covers (their rows become single
/// lines when fewer than `coveredRowsNeeded` rows with covers fit), then the earlier tracks from the oldest, then
/// the footer's keys, then the tags, then the play counts; the headline, album and when stay longest. The idle screen puts the week in
/// place of the cover: the scrobble count, then the top albums as a small wall, its tiles as many as fit.
extension NowViewController {
  /// From this width the cover goes beside the text.
  static let besideFrom = 80
  /// Text rows kept under the cover on a narrow screen: the five fact lines and the footer.
  static let minimumTextRows = 6
  /// Earlier rows are drawn with their covers only when at least this many fit.
  static let coveredRowsNeeded = 2
  static let footer = "Enter album · a artist · h back · r refresh"

  func renderFrame(width: Int, height: Int) -> SceneFrame {
    guard let viewModel else { return loadingFrame(footer: "h back", width: width, height: height) }
    if let week = viewModel.week { return weekFrame(viewModel, week: week, width: width, height: height) }
    guard let cover, viewModel.imageURL != nil else { return page(viewModel, width: width, height: height) }
    return PicturePage.frame(
      picture: cover, url: viewModel.imageURL, width: width, height: height, minimumTextRows: Self.minimumTextRows,
      besideFrom: Self.besideFrom
    ) { textWidth, textHeight in
      page(viewModel, width: textWidth, height: textHeight)
    }
  }

  /// The five fact lines, always in their places (blank until known).
  private func header(_ viewModel: Now.FetchNowPlaying.ViewModel) -> [String] {
    [viewModel.headline, viewModel.album, viewModel.when, viewModel.playCounts, viewModel.tags]
  }

  private func page(_ viewModel: Now.FetchNowPlaying.ViewModel, width: Int, height: Int) -> SceneFrame {
    let header = header(viewModel)
    return SceneFrame.composed(header: header, footer: [Self.footer], width: width, height: height) { rows in
      if viewModel.headline.isEmpty, let error = viewModel.errorMessage { return SceneFrame(lines: ["", error]) }
      let above = ["", "Before it:"]
      guard !viewModel.earlier.isEmpty, rows > above.count else { return SceneFrame(lines: []) }
      let listRows = rows - above.count
      let thumbnails = runtime.thumbnails.flatMap { slots in
        listRows >= Self.coveredRowsNeeded * slots.size.rows ? slots : nil
      }
      var viewport = ListViewport()
      viewport.setCount(viewModel.earlier.count)
      let list = ListRenderer.frame(
        texts: viewModel.earlier.map(\.text), imageURLs: viewModel.earlier.map(\.imageURL), viewport: &viewport,
        width: width, height: listRows, thumbnails: thumbnails, marksSelection: false)
      return SceneFrame(lines: above + list.lines, pictures: list.picturesOffset(rows: header.count + above.count))
    }
  }

  /// The idle screen: the last track's lines, the week's scrobbles, and its top albums as a small wall.
  private func weekFrame(
    _ viewModel: Now.FetchNowPlaying.ViewModel, week: Now.FetchNowPlaying.WeekSummary, width: Int, height: Int
  ) -> SceneFrame {
    let header = [viewModel.headline, viewModel.album, viewModel.when, "", week.scrobbles, week.albumsTitle]
      .filter { !$0.isEmpty }
    return SceneFrame.composed(header: header, footer: [Self.footer], width: width, height: height) { rows in
      guard let weekWall, !week.albums.isEmpty, rows > 0 else { return SceneFrame(lines: []) }
      let wall = weekWall.frame(tiles: week.albums, selection: -1, width: width, height: rows)
      return SceneFrame(lines: wall.lines, pictures: wall.picturesOffset(rows: header.count))
    }
  }
}
