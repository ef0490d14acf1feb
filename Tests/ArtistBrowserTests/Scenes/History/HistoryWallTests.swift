import Foundation
import ScrobbleArchive
import TerminalGraphics
import TerminalUI
import TestSupport
import Testing

@testable import ArtistBrowser

/// The History page's wall of covers over a real archive (UTC, covers from a gated loader drawn as letters): which
/// albums it shows and in which order (the archive's own GROUP BY), for the month, the year and the day; where it
/// goes at 80×24, 100×30 and 160×45 without covering a chart; Tab, the tile keys and Enter on a cover.
@MainActor
@Suite(.timeLimit(.minutes(20))) struct HistoryWallTests {
  static let day: Int64 = 86_400
  /// 2019-06-10 12:00 UTC.
  static let june10: Int64 = 1_560_168_000

  static func cover(_ album: String) -> String { "https://img.test/i/u/300x300/\(album.lowercased()).png" }

  /// June 2019: Alpha 6 plays, Beta 4, Gamma 2 (on the archive's last day, 15 June); March 2019: Delta 9.
  static func plays() -> [ScratchArchive.Play] {
    let albums: [(Int64, String, String, Int)] = [
      (june10, "Ann", "Alpha", 6), (june10 + 2 * day, "Bob", "Beta", 4), (june10 + 5 * day, "Cat", "Gamma", 2),
      (june10 - 100 * day, "Dan", "Delta", 9),
    ]
    return albums.flatMap { time, artist, album, count in
      (0..<count).map { ScratchArchive.Play(time + Int64($0 * 300), artist, album: album, cover: cover(album)) }
    }
  }

  struct Session {
    let archive: ScratchArchive
    let navigation: NavigationStack
    let loader: GatedThumbnailLoader
    let page: HistoryViewController
  }

  /// The page on the archive, opened on its last day (the year of "today" has no plays); covers arrive at once.
  func makeSession(openCovers: Bool = true, painter: (any PicturePainting)? = nil) async throws -> Session {
    let archive = try ScratchArchive(listener: "ada")
    try archive.add(Self.plays())
    let loader = GatedThumbnailLoader()
    if openCovers { loader.open() }
    var services = BrowserServices(
      artists: Seeds.store(), recentSearches: InMemoryRecentSearchesStore(), thumbnailLoader: loader,
      thumbnailRenderer: LetterThumbnailRenderer(), picturePainter: painter)
    services.history = HistoryServices(
      location: ArchiveLocation(folder: archive.folder.path), zone: LocalZone(name: "UTC"))
    let navigation = NavigationStack()
    let factory = SceneFactory(services: services, preferences: BrowserPreferences(), navigator: navigation)
    let page = factory.makeHistory(userName: "ada")
    (page.interactor as? HistoryInteractor)?.today = { LocalDate(year: 2020, month: 1, day: 20) }
    navigation.push(page)
    await page.waitForLoad()
    return Session(archive: archive, navigation: navigation, loader: loader, page: page)
  }

  /// The screen once the covers it asked for arrived, without colour codes.
  func drawn(_ session: Session, width: Int, height: Int) async -> [String] {
    _ = session.navigation.render(width: width, height: height)
    await session.page.waitForThumbnails()
    return Self.plain(session.navigation.render(width: width, height: height))
  }

  /// The archive's own top albums of `[from, to)` (unix seconds), most played first.
  static func archiveOrder(_ archive: ScratchArchive, from: Int64, to: Int64) throws -> [String] {
    try archive.store.read { connection in
      try connection.statement(
        sql: "SELECT album FROM scrobble WHERE time >= ? AND time < ? GROUP BY artist, album ORDER BY count(*) DESC"
      ).fetchAll([from, to]) { row -> String in row[0] }
    }
  }

  /// The screen without colour codes.
  static func plain(_ lines: [String]) -> [String] {
    lines.map { line in
      var text = ""
      var inEscape = false
      for character in line {
        if character == "\u{1B}" {
          inEscape = true
        } else if inEscape {
          if character == "m" { inEscape = false }
        } else {
          text.append(character)
        }
      }
      return text
    }
  }

  /// The albums' names in the order their captions read, left to right and down the screen.
  static func captionOrder(_ screen: [String], of albums: [String]) -> [String] {
    screen.flatMap { line in
      albums.compactMap { album in line.range(of: " " + album + " ").map { (album, $0.lowerBound) } }
        .sorted { $0.1 < $1.1 }.map(\.0)
    }
  }

  /// The display column where `text` starts on `line`.
  static func column(of text: String, in line: String) -> Int? {
    line.range(of: text).map { TerminalText.displayWidth(String(line[..<$0.lowerBound])) }
  }

  @Test func theWallShowsTheMonthsTopAlbumsInTheArchivesOrderThenTheYearsThenTheDays() async throws {
    let session = try await makeSession()
    defer { session.archive.remove() }
    let june = try Self.archiveOrder(session.archive, from: 1_559_347_200, to: 1_561_939_200)
    #expect(june == ["Alpha", "Beta", "Gamma"])
    let names = ["Alpha", "Beta", "Gamma", "Delta"]

    // The month around the cursor (15 June, the archive's last day): its albums, their covers asked for.
    var screen = await drawn(session, width: 120, height: 40)
    #expect(screen.contains { $0.contains("Top albums, June 2019 · 12 plays") })
    #expect(Self.captionOrder(screen, of: names) == june)
    #expect(session.page.viewModel?.albums.map(\.imageURL?.absoluteString) == june.map { Self.cover($0) })
    #expect(Set(session.loader.requested.map(\.absoluteString)) == Set(june.map { Self.cover($0) }))
    #expect(screen.contains { $0.contains(String(repeating: "#", count: 12)) }, "the covers drawn, not dots")

    // y: the year's albums, March's Delta first.
    _ = session.page.handle(.character("y"))
    await session.page.waitForLoad()
    let year = try Self.archiveOrder(session.archive, from: 1_546_300_800, to: 1_577_836_800)
    #expect(year == ["Delta", "Alpha", "Beta", "Gamma"])
    screen = Self.plain(session.navigation.render(width: 120, height: 40))
    #expect(screen.contains { $0.contains("Top albums, 2019 · 21 plays") })
    #expect(Self.captionOrder(screen, of: names) == year)

    // d: the cursor's day, 15 June: Gamma alone.
    _ = session.page.handle(.character("d"))
    await session.page.waitForLoad()
    screen = Self.plain(session.navigation.render(width: 120, height: 40))
    #expect(Self.captionOrder(screen, of: names) == ["Gamma"])
  }

  @Test func at80x24TheCalendarAndARowOfCoversStayAndTheClockAndMonthsGiveWay() async throws {
    let session = try await makeSession()
    defer { session.archive.remove() }
    let raw = session.navigation.render(width: 80, height: 24)
    let screen = Self.plain(raw)
    #expect(raw.allSatisfy { TerminalText.displayWidth($0) == 80 })
    let sunday = try #require(screen.firstIndex { $0.hasPrefix("Sun ") })
    let title = try #require(screen.firstIndex { $0.hasPrefix("Top albums, June 2019") })
    let captions = try #require(screen.firstIndex { $0.contains(" Alpha ") })
    #expect(
      ["Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat "].allSatisfy { day in screen.contains { $0.hasPrefix(day) } })
    #expect(sunday < title && title < captions, "the covers under the calendar")
    #expect(Self.captionOrder(screen, of: ["Alpha", "Beta", "Gamma"]) == ["Alpha", "Beta", "Gamma"])
    #expect(!screen.contains { $0.hasPrefix("    00    03") }, "no clock")
    #expect(!screen.contains { $0.hasPrefix("2019-06 ") }, "no months")
    #expect(screen[1].hasPrefix("Sat 2019-06-15: 2 plays · June 2019: 12 plays"))
    #expect(screen.last?.contains("Enter opens June 2019") == true)
  }

  @Test func at100x30TheWallIsBesideTheCalendarAndTheClock() async throws {
    let session = try await makeSession()
    defer { session.archive.remove() }
    let screen = await drawn(session, width: 100, height: 30)
    let labels = try #require(screen.firstIndex { $0.hasPrefix("    Jan ") })
    #expect(Self.column(of: "Top albums, June 2019", in: screen[labels]) == 60)
    #expect(screen.contains { $0.hasPrefix("    00    03") }, "the clock under the calendar")
    // The months (this archive's few) whole or not at all.
    let months = Self.plain(session.page.viewModel?.months ?? [])
    let shown = months.filter { month in screen.contains { $0.hasPrefix(month) } }
    #expect(shown.isEmpty || shown == months)
    // The charts keep to their 58 columns, the wall to the right of a gap of two: no cover, caption or title
    // on the charts' side, no chart under the wall.
    for line in screen[labels...].dropLast(2) {
      let cells = Array(line)
      let (charts, gap) = (String(cells[..<58]), String(cells[58..<60]))
      #expect(gap == "  ", "\(line)")
      #expect(!charts.contains("#") && !charts.contains("Alpha") && !charts.contains("Top albums"), "\(line)")
    }
    #expect(screen.contains { $0.hasPrefix("Sun ") && $0.count > 60 && $0.contains("#") }, "side by side")
  }

  @Test func at160x45EveryChartFitsAndTheCoversTakeThePreferredSize() async throws {
    let session = try await makeSession()
    defer { session.archive.remove() }
    let screen = await drawn(session, width: 160, height: 45)
    #expect(screen.contains { $0.hasPrefix("    00    03") })
    #expect(screen.contains { $0.hasPrefix("2019-06 ") })
    #expect(screen.contains { $0.contains(String(repeating: "#", count: 18)) }, "the preferred size: medium")
    let line = try #require(screen.first { $0.hasPrefix("2019-06 ") })
    #expect(!line.contains("#"), "the months' row holds no tile")
  }

  @Test func aGraphicsProtocolsPicturesArePlacedOverTheWallsBlankCellsOnly() async throws {
    let session = try await makeSession(painter: PlacingPainter())
    defer { session.archive.remove() }
    _ = session.navigation.renderFrame(width: 100, height: 30)
    await session.page.waitForThumbnails()
    let frame = session.navigation.renderFrame(width: 100, height: 30)
    let screen = Self.plain(frame.lines)
    #expect(frame.pictures.count == 3, "small tiles, two a row beside the charts at 100 columns: all three")
    for picture in frame.pictures {
      let rect = picture.rect
      #expect(rect.column >= 60 && rect.column + rect.columns <= 100)
      #expect(rect.row > 3, "under the header and the wall's title")
      for row in rect.row..<(rect.row + rect.rows) {
        let cells = Array(screen[row]).dropFirst(rect.column).prefix(rect.columns)
        #expect(cells.allSatisfy { $0 == " " }, "row \(row): \(screen[row])")
      }
    }
  }

  @Test func tabMovesTheKeysToTheCoversAndEnterOpensTheAlbum() async throws {
    let session = try await makeSession()
    defer { session.archive.remove() }
    _ = session.navigation.render(width: 120, height: 40)
    // h on the calendar moves the day.
    _ = session.page.handle(.character("h"))
    #expect(session.page.router?.dataStore?.selectedRangeTitle == "June 2019")
    #expect(session.page.handle(.tab))
    #expect(session.page.focus == .covers)
    _ = session.page.handle(.character("l"))
    #expect(session.page.covers.selection == 1)
    let screen = Self.plain(session.navigation.render(width: 120, height: 40))
    #expect(screen.contains { $0.contains("2.  Beta — Bob") && $0.contains("4 plays") })
    #expect(screen.last?.contains("2 / 3") == true)
    #expect(screen[screen.count - 2].hasPrefix("h/j/k/l move · Enter album"))
    _ = session.page.handle(.enter)
    let album = try #require(session.navigation.top as? AlbumDetailViewController)
    #expect(album.router?.dataStore?.artistName == "Bob")
    #expect(album.router?.dataStore?.albumName == "Beta")
    session.navigation.pop()
    // Escape gives the keys back to the calendar, where h moves the day again.
    _ = session.page.handle(.escape)
    #expect(session.page.focus == .calendar)
    _ = session.page.handle(.character("h"))
    #expect(Self.plain(session.navigation.render(width: 120, height: 40))[1].hasPrefix("Thu 2019-06-13"))
  }

  @Test func thePageIsSettledOnlyOnceItsCoversArrived() async throws {
    let session = try await makeSession(openCovers: false)
    defer { session.archive.remove() }
    _ = session.navigation.render(width: 120, height: 40)
    await session.loader.waitUntil { requested, _ in requested.count == 3 }
    #expect(!session.page.isSettled)
    session.loader.open()
    await session.page.waitForThumbnails()
    #expect(session.page.isSettled)
  }
}

/// What the wall's pieces do on their own: the legends broken so the charts' column stays beside the wall.
@Suite struct HistoryWallPartsTests {
  /// Charts of a full year's sizes (calendar 9 lines, clock 9, months 12), a wall drawn as W's.
  static func layout(width: Int, height: Int) -> (lines: [String], wall: (columns: Int, rows: Int)?) {
    let charts = HistoryPageLayout.Charts(
      heatmap: (0..<9).map { "H\($0)" }, clock: (0..<9).map { "C\($0)" }, months: (0..<12).map { "M\($0)" })
    var asked: (columns: Int, rows: Int)?
    let body = HistoryPageLayout.body(charts, width: width, height: height, tileRows: { _ in 10 }) { columns, rows in
      asked = (columns, rows)
      return SceneFrame(lines: Array(repeating: String(repeating: "W", count: columns), count: rows))
    }
    return (body.lines, asked)
  }

  @Test func whatGivesWayIsTheMonthsThenTheClockAndTheWallNeverCoversAChart() throws {
    // 160 × 41: every chart in the left column, the wall beside them the whole height.
    var (lines, wall) = Self.layout(width: 160, height: 41)
    #expect(wall?.columns == 100 && wall?.rows == 41)
    #expect(lines.contains { $0.hasPrefix("C8") } && lines.contains { $0.hasPrefix("M11") })
    // 100 × 25: the calendar and the clock (9 + 1 + 9); the months do not fit whole and give way.
    (lines, wall) = Self.layout(width: 100, height: 25)
    #expect(wall?.columns == 40)
    #expect(lines.contains { $0.hasPrefix("C8") } && !lines.contains { $0.hasPrefix("M") })
    for line in lines {
      let cells = Array(line)
      #expect(!String(cells.prefix(58)).contains("W") && String(cells.dropFirst(58).prefix(2)).allSatisfy { $0 == " " })
    }
    // 80 × 20: the wall goes under the calendar, one row of tiles with its title; the clock gives way too.
    (lines, wall) = Self.layout(width: 80, height: 20)
    #expect(wall?.columns == 80 && wall?.rows == 11)
    #expect(lines.prefix(9) == ArraySlice((0..<9).map { "H\($0)" }))
    #expect(lines.count == 20 && !lines.contains { $0.hasPrefix("C") })
    // 80 × 40: a blank line, the row of covers, then the clock; the months still do not fit.
    (lines, wall) = Self.layout(width: 80, height: 40)
    #expect(lines[9] == "" && lines[10].hasPrefix("W"))
    #expect(lines.contains { $0.hasPrefix("C8") } && !lines.contains { $0.hasPrefix("M") })
  }

  @Test func aLegendWiderThanTheCalendarIsBrokenBeforeItsExplanation() {
    let legend = "    less ░ ▒ ▓ █ more   (1-31, 32-62, 63-93, 94-125 plays a day)"
    #expect(
      HistoryChartText.narrowed(["Mon ░▒", legend], columns: 58)
        == ["Mon ░▒", "    less ░ ▒ ▓ █ more", "    (1-31, 32-62, 63-93, 94-125 plays a day)"])
    #expect(HistoryChartText.narrowed([legend], columns: 80) == [legend])
  }
}
