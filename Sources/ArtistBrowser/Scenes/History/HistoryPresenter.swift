import FoundationEssentials
import ScrobbleArchive

@MainActor
protocol HistoryPresentationLogic: ExportDataPresentationLogic where ExportedResponse == History.ExportData.Response {
  func presentHistory(response: History.FetchHistory.Response)
}

final class HistoryPresenter: ScenePresenter<any HistoryDisplayLogic>, HistoryPresentationLogic {
  /// The charts' colours: the session's colour mode (none for printouts, `NO_COLOR`, `--color none`).
  let palette: ChartPalette
  /// Columns the longest monthly bar takes.
  static let barColumns = 40

  init(viewController: (any HistoryDisplayLogic)? = nil, palette: ChartPalette = .shades) {
    self.palette = palette
    super.init(viewController: viewController)
  }

  func presentHistory(response: History.FetchHistory.Response) {
    let name = DisplayFormat.clean(response.userName, columns: 40)
    var viewModel = History.FetchHistory.ViewModel(
      title: "\(name) · History", facts: "", heatmap: [], cursorLine: "", clock: [], months: [], chartTitle: "",
      albums: [], message: nil, syncLine: Self.syncLine(response.sync), status: StatusLine())
    guard let year = response.year else {
      viewModel.message =
        response.error.map { error in
          if case .missing = error {
            return error.description + " Press s to sync it here, or run `imgcache history sync \(name)`."
          }
          return error.description
        } ?? response.otherError ?? "Loading…"
      // A printout ends on it (stderr, exit status 1); the screen shows it on the status line too.
      viewModel.status.error = viewModel.message == "Loading…" ? nil : viewModel.message
      if case .failed(let line) = response.sync { viewModel.status.error = line }
      viewController?.displayHistory(viewModel: viewModel)
      return
    }
    let heatmap = CalendarHeatmap(year: year.year, calendar: year.calendar)
    let cursorIndex = response.cursor.dayNumber - LocalDate(year: year.year, month: 1, day: 1).dayNumber
    viewModel.title = "\(name) · History \(year.year)"
    viewModel.facts = SceneText.joined([
      DisplayFormat.counted(year.calendar.total, "play", "plays"),
      year.firstDay.map { first in "archive \(first) to \(year.lastDay ?? first)" } ?? "empty archive",
    ])
    viewModel.heatmap = HistoryChartText.heatmap(
      heatmap, cursorDay: heatmap.plays.indices.contains(cursorIndex) ? cursorIndex : nil, palette: palette)
    viewModel.cursorLine = Self.cursorLine(response, calendar: year.calendar)
    viewModel.clock = ListeningClockChart(calendar: year.calendar).lines(palette: palette)
    let bars = MonthlyBars(calendar: year.calendar, width: Self.barColumns)
    viewModel.months = bars.months.isEmpty ? ["(no plays this year)"] : bars.lines(palette: palette)
    let rangeTitle = response.scope.label(response.cursor)
    viewModel.chartTitle =
      "Top albums, \(rangeTitle)"
      + (response.top.map { " · " + DisplayFormat.counted($0.plays, "play", "plays") } ?? "")
    viewModel.albums = (response.top?.albums ?? []).enumerated().map { index, entry in
      Self.row(
        entry, rank: index + 1, cover: response.top?.covers[AlbumKey(artist: entry.artist, album: entry.album ?? "")])
    }
    viewModel.status = StatusLine(
      error: response.otherError ?? { if case .failed(let line) = response.sync { return line } else { return nil } }())
    viewController?.displayHistory(viewModel: viewModel)
  }

  /// "Tue 2024-03-05: 12 plays · March 2024: 340 · 2024: 4,100 · Enter opens the month (d/m/y)".
  static func cursorLine(_ response: History.FetchHistory.Response, calendar: ListeningCalendar) -> String {
    let date = response.cursor
    let monthPlays = calendar.playsByMonth.first { $0.month.month == date.month && $0.month.year == date.year }?.plays
    return SceneText.joined([
      History.Scope.day.label(date) + ": " + DisplayFormat.counted(calendar.plays(on: date), "play", "plays"),
      History.Scope.month.label(date) + ": " + DisplayFormat.counted(monthPlays ?? 0, "play", "plays"),
      "Enter opens the \(response.scope.rawValue) (d/m/y)",
    ])
  }

  static func syncLine(_ sync: History.SyncState) -> String? {
    switch sync {
    case .idle: nil
    case .running(let pages, let staged, let expected):
      "Syncing… \(pages) pages, \(staged)" + (expected > 0 ? " of \(expected)" : "") + " scrobbles"
    case .finished(let count, let added): "Synced: \(count) scrobbles (+\(added))"
    case .failed(let line): line
    }
  }

  static func row(_ entry: ChartEntry, rank: Int, cover: String?) -> ListingRow {
    ListingRow(
      lead: "\(rank).", title: DisplayFormat.clean(entry.album ?? entry.artist, columns: 60),
      detail: entry.album == nil ? "" : DisplayFormat.clean(entry.artist, columns: 30),
      figure: DisplayFormat.counted(entry.plays, "play", "plays"), imageURL: cover.flatMap(Self.webURL))
  }

  /// Only http(s) addresses from the archive become pictures to fetch.
  static func webURL(_ text: String) -> URL? {
    guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else { return nil }
    return url
  }

  func presentExportedData(response: History.ExportData.Response) {
    guard let year = response.year else { return }
    let heatmap = CalendarHeatmap(year: year.year, calendar: year.calendar)
    typealias Export = History.Exported
    let range = response.scope.range(around: response.cursor)
    viewController?.displayExportedData(
      viewModel: .init(
        content: Export(
          listener: ExportedData.text(response.userName), year: year.year, cursor: response.cursor.description,
          plays: year.calendar.total, firstDay: year.firstDay?.description, lastDay: year.lastDay?.description,
          days: zip(heatmap.dates, heatmap.plays).map {
            Export.Day(date: $0.description, plays: $1, level: heatmap.scale.level(of: $1))
          },
          months: year.calendar.playsByMonth.map { Export.Month(month: $0.month.monthText, plays: $0.plays) },
          clock: year.calendar.clock,
          range: response.top.map { top in
            Export.RangeChart(
              scope: response.scope, from: range.first?.description ?? "", to: range.last?.description ?? "",
              plays: top.plays,
              albums: top.albums.enumerated().map { index, entry in
                Self.entry(
                  entry, rank: index + 1, cover: top.covers[AlbumKey(artist: entry.artist, album: entry.album ?? "")])
              },
              artists: top.artists.enumerated().map { Self.entry($1, rank: $0 + 1, cover: nil) })
          })))
  }

  static func entry(_ entry: ChartEntry, rank: Int, cover: String?) -> History.Exported.Entry {
    .init(
      rank: rank, artist: ExportedData.text(entry.artist), album: entry.album.map(ExportedData.text),
      plays: entry.plays, imageURL: cover.flatMap(webURL)?.absoluteString)
  }
}
