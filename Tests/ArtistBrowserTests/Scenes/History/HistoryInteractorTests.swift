import ScrobbleArchive
import Testing

@testable import ArtistBrowser

@MainActor
@Suite struct HistoryInteractorTests {
  /// Answers from memory and records what was asked.
  final class WorkerSpy: HistoryWorking, @unchecked Sendable {
    var years: [Int] = []
    var ranges: [ListeningRange] = []
    var missing = false
    var syncs = 0
    /// Plays of the archive: one on each of these days.
    let days: [LocalDate]

    init(days: [LocalDate]) { self.days = days }

    func fetchYear(user: String, year: Int) async throws -> HistoryYear {
      years.append(year)
      if missing { throw HistoryArchiveError.missing(folder: "/data") }
      let local = days.filter { $0.year == year }.map { Int64($0.dayNumber) * 86_400 + 3600 }
      return HistoryYear(
        year: year, calendar: ListeningCalendar(localTimes: local), firstDay: days.min(), lastDay: days.max())
    }

    func fetchTop(user: String, range: ListeningRange, limit: Int) async throws -> HistoryTop {
      ranges.append(range)
      return HistoryTop(
        range: range, plays: 1, albums: [ChartEntry(artist: "Cher", album: "Believe", plays: 1)],
        artists: [ChartEntry(artist: "Cher", plays: 1)], covers: [:])
    }

    func sync(user: String, progress: @escaping @Sendable (History.SyncState) -> Void) async throws
      -> History.SyncState
    {
      syncs += 1
      missing = false
      progress(.running(pages: 1, staged: 200, expected: 400))
      return .finished(count: 400, added: 400)
    }
  }

  final class PresenterSpy: HistoryPresentationLogic {
    var responses: [History.FetchHistory.Response] = []
    func presentHistory(response: History.FetchHistory.Response) { responses.append(response) }
    func presentExportedData(response: History.ExportData.Response) {}
  }

  static let today = LocalDate(year: 2024, month: 3, day: 5)

  func makeSUT(days: [LocalDate] = [LocalDate(year: 2023, month: 12, day: 30), today]) -> (
    HistoryInteractor, WorkerSpy, PresenterSpy
  ) {
    let worker = WorkerSpy(days: days)
    let presenter = PresenterSpy()
    let sut = HistoryInteractor(worker: worker, presenter: presenter)
    sut.userName = "ada"
    sut.today = { Self.today }
    return (sut, worker, presenter)
  }

  @Test func opensOnTodayWithTheMonthsChart() async {
    let (sut, worker, presenter) = makeSUT()
    await sut.fetchHistory(request: .init())
    #expect(worker.years == [2024])
    #expect(worker.ranges == [History.Scope.month.range(around: Self.today)])
    #expect(presenter.responses.last?.cursor == Self.today)
    #expect(presenter.responses.last?.year?.calendar.total == 1)
    #expect(sut.selectedRangeTitle == "March 2024")
  }

  @Test func aYearWithoutPlaysOpensOnTheArchivesLastDay() async {
    let last = LocalDate(year: 2019, month: 6, day: 15)
    let (sut, worker, presenter) = makeSUT(days: [last])
    await sut.fetchHistory(request: .init())
    #expect(worker.years == [2024, 2019])
    #expect(presenter.responses.last?.cursor == last)
  }

  @Test func movingADayInTheMonthKeepsTheYearAndTheChart() async {
    let (sut, worker, _) = makeSUT()
    await sut.fetchHistory(request: .init())
    sut.moveCursor(request: .init(days: -1))
    await sut.loadStale(request: .init())
    #expect(sut.cursor == LocalDate(year: 2024, month: 3, day: 4))
    #expect(worker.years == [2024])
    #expect(worker.ranges.count == 1, "the month's chart stays")
  }

  @Test func aWeekBackAcrossTheYearLoadsTheYearBefore() async {
    let (sut, worker, presenter) = makeSUT()
    await sut.fetchHistory(request: .init())
    sut.moveCursor(request: .init(months: -2))
    await sut.loadStale(request: .init())
    #expect(sut.cursor == LocalDate(year: 2024, month: 1, day: 5))
    sut.moveCursor(request: .init(days: -7))
    await sut.loadStale(request: .init())
    #expect(sut.cursor == LocalDate(year: 2023, month: 12, day: 29))
    #expect(worker.years == [2024, 2023])
    #expect(presenter.responses.last?.year?.year == 2023)
    #expect(worker.ranges.last == History.Scope.month.range(around: LocalDate(year: 2023, month: 12, day: 1)))
  }

  @Test func theCursorStopsAtTodayAndAtTheArchivesFirstYear() async {
    let (sut, worker, _) = makeSUT()
    await sut.fetchHistory(request: .init())
    sut.moveCursor(request: .init(years: 1))
    await sut.loadStale(request: .init())
    #expect(sut.cursor == Self.today)
    sut.moveCursor(request: .init(years: -5))
    await sut.loadStale(request: .init())
    #expect(sut.cursor == LocalDate(year: 2023, month: 1, day: 1))
    #expect(worker.years == [2024, 2023])
  }

  @Test func theScopeChoosesWhatEnterOpens() async {
    let (sut, worker, _) = makeSUT()
    await sut.fetchHistory(request: .init())
    sut.changeScope(request: .init(scope: .day))
    await sut.loadStale(request: .init())
    #expect(sut.selectedRange == ListeningRange(first: Self.today, last: Self.today))
    #expect(sut.selectedRangeTitle == "Tue 2024-03-05")
    sut.changeScope(request: .init(scope: .year))
    await sut.loadStale(request: .init())
    #expect(sut.selectedRange == .year(2024))
    #expect(worker.ranges.last == .year(2024))
  }

  @Test func withoutAnArchiveTheSyncRunsWithProgressAndThePageReloads() async {
    let (sut, worker, presenter) = makeSUT()
    worker.missing = true
    await sut.fetchHistory(request: .init())
    #expect(presenter.responses.last?.error == .missing(folder: "/data"))
    await sut.syncArchive(request: .init())
    #expect(worker.syncs == 1)
    #expect(presenter.responses.contains { $0.sync == .running(pages: 0, staged: 0, expected: 0) })
    #expect(presenter.responses.last?.sync == .finished(count: 400, added: 400))
    #expect(presenter.responses.last?.error == nil)
    #expect(presenter.responses.last?.year?.year == 2024)
  }
}
