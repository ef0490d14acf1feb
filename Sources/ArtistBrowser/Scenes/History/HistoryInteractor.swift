import FoundationEssentials
import ScrobbleArchive

@MainActor
protocol HistoryBusinessLogic: ExportDataBusinessLogic {
  func fetchHistory(request: History.FetchHistory.Request) async
  func moveCursor(request: History.MoveCursor.Request)
  func changeScope(request: History.ChangeScope.Request)
  func loadStale(request: History.LoadStale.Request) async
  func selectAlbum(request: History.SelectAlbum.Request)
  func syncArchive(request: History.SyncArchive.Request) async
  /// Leaving the page stops the sync; the archive keeps every page committed, and the next sync resumes there.
  func stopSync()
}

@MainActor
protocol HistoryDataStore: AnyObject {
  var userName: String { get set }
  /// The range Enter opens: the cursor's day, month or year.
  var selectedRange: ListeningRange { get }
  var selectedRangeTitle: String { get }
  /// The album of the page's wall Enter opens.
  var selectedDestination: ListeningDestination? { get }
}

final class HistoryInteractor:
  SceneInteractor<any HistoryPresentationLogic, any HistoryWorking>, HistoryBusinessLogic, HistoryDataStore
{
  /// The local day the page opens on (tests fix it).
  var today: @MainActor () -> LocalDate = { LocalZone.current.date(at: Int64(Date().timeIntervalSince1970)) }
  /// Albums and artists the page's chart asks for.
  static let chartLimit = 12

  var userName = ""
  private(set) var cursor: LocalDate?
  private(set) var scope = History.Scope.month
  private(set) var year: HistoryYear?
  private(set) var top: HistoryTop?
  private var error: HistoryArchiveError?
  private var otherError: String?
  private(set) var selectedDestination: ListeningDestination?
  private(set) var sync = History.SyncState.idle
  private var syncTask: Task<Void, Never>?
  /// Which load is the latest: an answer for a cursor already moved on is dropped.
  private var generation = 0

  var selectedRange: ListeningRange { scope.range(around: cursor ?? today()) }

  var selectedRangeTitle: String { scope.label(cursor ?? today()) }

  func fetchHistory(request: History.FetchHistory.Request) async {
    let opening = cursor ?? today()
    await loadYear(opening.year, opening: opening)
    // A year without plays opens on the archive's last day instead, where there is something to see.
    if year?.calendar.total == 0, let last = year?.lastDay, last.year != opening.year {
      await loadYear(last.year, opening: last)
    }
    await loadTop()
    present()
  }

  /// Moves the cursor at once (Enter right after a key opens where the cursor now is); `loadStale` then reads what
  /// the move left out of date.
  func moveCursor(request: History.MoveCursor.Request) {
    guard let cursor, year != nil else { return }
    var moved = cursor.adding(days: request.days)
    if request.months != 0 || request.years != 0 {
      let months = moved.year * 12 + moved.month - 1 + request.months + request.years * 12
      let (newYear, newMonth) = (months / 12, months % 12 + 1)
      moved = LocalDate(
        year: newYear, month: newMonth, day: min(moved.day, LocalDate.days(inMonth: newMonth, of: newYear)))
    }
    moved = clamped(moved)
    guard moved != cursor else { return }
    self.cursor = moved
    present()
  }

  func changeScope(request: History.ChangeScope.Request) {
    guard request.scope != scope else { return }
    scope = request.scope
    present()
  }

  /// The cursor's year when it left the one loaded, the chosen range's chart when the cursor or the scope changed
  /// it; nothing else (a day's move inside a month keeps the month's chart).
  func loadStale(request: History.LoadStale.Request) async {
    // The cursor may move on while a year loads: until the year shown is the cursor's.
    while let cursor, let loaded = year, loaded.year != cursor.year, !Task.isCancelled {
      await loadYear(cursor.year, opening: nil)
      present()
    }
    if year != nil, top?.range != selectedRange {
      await loadTop()
      present()
    }
  }

  /// The cover at `index` of the range's top albums (the wall shows them in chart order).
  func selectAlbum(request: History.SelectAlbum.Request) {
    selectedDestination = nil
    guard let entry = request.row(in: top?.albums ?? []) else { return }
    selectedDestination = entry.album.map { .album(artist: entry.artist, album: $0) }
  }

  func syncArchive(request: History.SyncArchive.Request) async {
    guard syncTask == nil else { return }
    sync = .running(pages: 0, staged: 0, expected: 0)
    present()
    let (worker, user) = (worker, userName)
    // The sync holds the interactor until it ends; leaving the page cancels it (`stopSync`).
    let task = Task {
      do {
        sync = try await worker.sync(user: user) { progress in
          Task { @MainActor in self.showProgress(progress) }
        }
      } catch is CancellationError {
        sync = .idle
      } catch {
        sync = .failed(Self.line(error))
      }
    }
    syncTask = task
    await task.value
    syncTask = nil
    guard !Task.isCancelled else { return }
    await fetchHistory(request: .init())
  }

  func stopSync() {
    syncTask?.cancel()
  }

  func exportData(request: History.ExportData.Request) {
    guard year != nil else { return }
    presenter?.presentExportedData(response: response())
  }

  private func showProgress(_ progress: History.SyncState) {
    guard case .running = sync else { return }
    sync = progress
    present()
  }

  private static func line(_ error: any Error) -> String {
    switch error {
    case let failure as PlaySourceError: failure.description + "; press s to resume the sync"
    case let failure as HistoryArchiveError: failure.description
    default: "The sync failed: \(error)"
    }
  }

  /// Between the archive's first day (or the year's start) and today.
  private func clamped(_ date: LocalDate) -> LocalDate {
    let last = max(today(), year?.lastDay ?? today())
    let first =
      year?.firstDay.map { LocalDate(year: $0.year, month: 1, day: 1) }
      ?? LocalDate(
        year: date.year, month: 1, day: 1)
    return min(max(date, first), last)
  }

  /// The year `number`; `date`, when given, is where the cursor opens.
  private func loadYear(_ number: Int, opening date: LocalDate?) async {
    generation += 1
    let expected = generation
    do {
      let loaded = try await worker.fetchYear(user: userName, year: number)
      guard expected == generation else { return }
      year = loaded
      if let date { cursor = date }
      error = nil
      otherError = nil
    } catch {
      guard expected == generation else { return }
      if let date { cursor = date }
      year = nil
      top = nil
      self.error = error as? HistoryArchiveError
      otherError = self.error == nil ? "Cannot read the archive: \(error)" : nil
    }
  }

  private func loadTop() async {
    guard year != nil else { return }
    let range = selectedRange
    do {
      let loaded = try await worker.fetchTop(user: userName, range: range, limit: Self.chartLimit)
      guard range == selectedRange else { return }
      top = loaded
    } catch {
      guard range == selectedRange else { return }
      top = nil
      otherError = "Cannot read the archive: \(error)"
    }
  }

  private func present() {
    presenter?.presentHistory(response: response())
  }

  private func response() -> History.FetchHistory.Response {
    .init(
      userName: userName, year: year, cursor: cursor ?? today(), scope: scope, top: top, error: error,
      otherError: otherError, sync: sync)
  }
}
