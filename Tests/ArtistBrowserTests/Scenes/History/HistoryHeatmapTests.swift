import Foundation
import ImageCacheSupport
import ScrobbleArchive
import TestSupport
import Testing

@testable import ArtistBrowser

/// The History page's calendar drawn from a real archive: every cell's shade is the level of that day's plays as
/// the archive counts them (SQL's own date arithmetic, in UTC), and the cursor's cell is the one reversed.
@MainActor
@Suite struct HistoryHeatmapTests {
  final class DisplaySpy: HistoryDisplayLogic {
    var viewModels: [History.FetchHistory.ViewModel] = []
    var exported: History.ExportData.ViewModel?
    func displayHistory(viewModel: History.FetchHistory.ViewModel) { viewModels.append(viewModel) }
    func displayExportedData(viewModel: History.ExportData.ViewModel) { exported = viewModel }
  }

  static let day: Int64 = 86_400
  /// 2019-01-01 00:00 UTC.
  static let newYear: Int64 = 1_546_300_800

  /// Plays on a handful of days of 2019 (one day heavy, late at night so a zone slip would move it), one in 2018.
  static func plays() -> [ScratchArchive.Play] {
    var plays: [ScratchArchive.Play] = []
    for (dayIndex, count) in [(0, 1), (1, 3), (40, 8), (41, 2), (180, 20), (364, 5)] {
      for index in 0..<count {
        plays.append(
          .init(
            newYear + Int64(dayIndex) * day + 23 * 3600 + Int64(index), "Artist \(index % 3)",
            album: "Album \(index % 2)"))
      }
    }
    plays.append(.init(newYear - 3600, "Old", album: "Older"))
    return plays
  }

  /// An archive of `plays()` and a worker reading it in UTC.
  static func filledArchive() throws -> (ScratchArchive, HistoryWorker) {
    let archive = try ScratchArchive(listener: "ada")
    try archive.add(plays())
    let services = HistoryServices(location: ArchiveLocation(folder: archive.folder.path), zone: LocalZone(name: "UTC"))
    return (archive, HistoryWorker(services: services))
  }

  @Test func everyCellIsTheLevelOfItsDaysPlaysInTheArchive() async throws {
    let (archive, worker) = try Self.filledArchive()
    defer { archive.remove() }
    let spy = DisplaySpy()
    let interactor = HistoryInteractor(
      worker: worker, presenter: HistoryPresenter(viewController: spy, palette: .shades))
    interactor.userName = "ada"
    interactor.today = { LocalDate(year: 2019, month: 6, day: 30) }
    await interactor.fetchHistory(request: .init())

    // The archive's own count of each day, by SQLite's date arithmetic rather than the page's.
    let counts = try archive.store.read { connection in
      try connection.statement(
        sql: "SELECT date(time, 'unixepoch'), count(*) FROM scrobble WHERE time >= ? GROUP BY 1"
      ).fetchAll([Self.newYear]) { row -> (String, Int) in (row[0], row[1]) }
    }
    let byDate = Dictionary(uniqueKeysWithValues: counts)
    let largest = counts.map(\.1).max() ?? 0
    let viewModel = try #require(spy.viewModels.last)
    #expect(viewModel.heatmap.count == 9)
    let rows = viewModel.heatmap[1...7].map { Self.cells(of: $0) }
    let heatmap = CalendarHeatmap(year: 2019, calendar: ListeningCalendar(localTimes: []))
    var checked = 0
    for (index, date) in heatmap.dates.enumerated() {
      let (column, row) = heatmap.position(ofDay: index)
      let plays = byDate[date.description] ?? 0
      let level = PlayScale(largest: largest).level(of: plays)
      let cell = rows[row].indices.contains(column) ? rows[row][column] : nil
      #expect(cell?.glyph == ChartPalette.shadeGlyphs[level], "\(date): \(plays) plays")
      #expect(cell?.reversed == (date == LocalDate(year: 2019, month: 6, day: 30)), "\(date)")
      checked += 1
    }
    #expect(checked == 365)
    #expect(viewModel.cursorLine.hasPrefix("Sun 2019-06-30: 20 plays · June 2019: 20 plays"))
  }

  @Test func theRangesTopAlbumsAreTheArchivesAndTheYearsTotalIsCounted() async throws {
    let (archive, worker) = try Self.filledArchive()
    defer { archive.remove() }
    let top = try await worker.fetchTop(
      user: "ada", range: History.Scope.month.range(around: LocalDate(year: 2019, month: 2, day: 10)), limit: 5)
    #expect(top.plays == 10)
    #expect(top.albums.map(\.plays) == [3, 3, 1, 1, 1])
    #expect(top.artists.map(\.artist) == ["Artist 0", "Artist 1", "Artist 2"])
    let year = try await worker.fetchYear(user: "ada", year: 2019)
    #expect(year.calendar.total == 39)
    #expect(year.firstDay == LocalDate(year: 2018, month: 12, day: 31))
  }

  /// The History page and a range's page (HistoryRange) both read covers through `fetchTop`: a demo archive's are
  /// asked of this session's demo server, a live one's are left as stored.
  @Test func aDemoArchivesCoversAreAskedOfThisSessionsDemoServer() async throws {
    let archive = try ScratchArchive(listener: "ada")
    defer { archive.remove() }
    let demo = "http://127.0.0.1:33933/i/u/300x300/04271aefecb3dd09bb86e1378c3335fd.png"
    let live = "https://lastfm.freetls.fastly.net/i/u/300x300/b.png"
    try archive.add([
      ScratchArchive.Play(Self.newYear, "Band", album: "Demo", cover: demo),
      ScratchArchive.Play(Self.newYear + 60, "Band", album: "Live", cover: live),
    ])
    var services = HistoryServices(location: ArchiveLocation(folder: archive.folder.path), zone: LocalZone(name: "UTC"))
    services.covers = ArchivedCoverAddress(demoOrigin: "http://127.0.0.1:47380")
    let top = try await HistoryWorker(services: services).fetchTop(user: "ada", range: .year(2019), limit: 5)
    #expect(
      top.covers == [
        AlbumKey(artist: "Band", album: "Demo"):
          "http://127.0.0.1:47380/i/u/300x300/04271aefecb3dd09bb86e1378c3335fd.png",
        AlbumKey(artist: "Band", album: "Live"): live,
      ])
  }

  @Test func aMissingArchiveIsSaidAndNotCreated() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
    let worker = HistoryWorker(services: HistoryServices(location: ArchiveLocation(folder: folder.path)))
    await #expect(throws: HistoryArchiveError.missing(folder: folder.path)) {
      try await worker.fetchYear(user: "ada", year: 2019)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  @Test func aLinkWhereTheArchiveShouldBeIsRefused() async throws {
    let archive = try ScratchArchive(listener: "ada")
    defer { archive.remove() }
    let link = archive.folder.appendingPathComponent("bob.sqlite")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: archive.folder.appendingPathComponent("ada.sqlite").path)
    let worker = HistoryWorker(services: HistoryServices(location: ArchiveLocation(folder: archive.folder.path)))
    await #expect(throws: HistoryArchiveError.notAFile(link.path)) {
      try await worker.fetchYear(user: "bob", year: 2019)
    }
  }

  /// A weekday row's cells after its label: each one's glyph and whether it is drawn reversed.
  static func cells(of line: String) -> [(glyph: Character, reversed: Bool)] {
    var cells: [(Character, Bool)] = []
    var reversed = false
    var rest = Substring(line.dropFirst(4))
    while let character = rest.first {
      if character == "\u{1B}" {
        let end = rest.firstIndex(of: "m") ?? rest.endIndex
        let codes = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";")
        reversed = codes.contains("7")
        rest = rest[rest.index(after: end)...]
        continue
      }
      cells.append((character, reversed))
      rest = rest.dropFirst()
    }
    return cells
  }
}
