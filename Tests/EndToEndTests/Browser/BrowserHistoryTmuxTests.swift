import Foundation
import TestSupport
import Testing

/// The listener's History page in a real terminal (tmux, 120×40, demo catalog, TZ=UTC), on an archive the test
/// writes: the year opens on the archive's last day with the counts the archive holds, keys move the cursor,
/// `d` and Enter open the day's top albums and artists, Enter there opens an artist's page; the range's covers
/// are a wall beside the charts, drawn from the demo server, where Tab and Enter open an album; and without an
/// archive `s` syncs one with its progress on the page, stopped by leaving it.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct BrowserHistoryTmuxTests {
  static let columns = 120
  static let rows = 40
  /// 2019-06-15 12:00 UTC, a Saturday.
  static let saturday: Int64 = 1_560_600_000

  /// Plays of demo artists: 3 on Friday 14 June 2019, 5 on Saturday 15 June, 2 on 2 March.
  static func plays() -> [ScratchArchive.Play] {
    let day: Int64 = 86_400
    let dreams = ("Golden Traim", "The Northern Dreams")
    let rer = ("The Flomdras", "Ghosts of Rer")
    let days: [(Int64, (String, String), Int)] = [
      (saturday - day, dreams, 3), (saturday, dreams, 4), (saturday, rer, 1), (saturday - 105 * day, rer, 2),
    ]
    return days.flatMap { time, album, count in
      (0..<count).map { ScratchArchive.Play(time + Int64($0 * 240), album.0, album: album.1) }
    }
  }

  /// The screen's last line: the status line.
  static func statusLine(_ screen: [String]) -> String { screen.count >= rows ? screen[rows - 1] : "" }

  private func start(_ arguments: [String], cache: URL) throws -> TmuxSession {
    let tmux = TmuxSession()
    try tmux.start(
      BrowserProcess.shellCommand(
        cacheDirectory: cache, arguments: ["--demo"] + arguments, term: "xterm-256color", before: "export TZ=UTC; ",
        after: "echo BROWSER-EXITED; sleep 600"),
      columns: Self.columns, rows: Self.rows)
    return tmux
  }

  /// The archive's own count of plays on `date` (YYYY-MM-DD, UTC).
  static func count(on date: String, in archive: ScratchArchive) throws -> Int {
    try archive.store.read { connection in
      Int(
        try connection.fetchValue(
          Int64.self, sql: "SELECT count(*) FROM scrobble WHERE date(time, 'unixepoch') = ?", arguments: [date])
          ?? 0)
    }
  }

  @Test func theYearOpensOnTheLastDayKeysMoveTheCursorAndEnterOpensTheDaysChart() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let archive = try ScratchArchive(listener: "hist_owl")
    defer { archive.remove() }
    try archive.add(Self.plays())
    let tmux = try start(["--user", "hist_owl", "--history"] + archive.arguments, cache: cache)
    defer { tmux.kill() }

    // The year of the archive's last play, the cursor on that day, its count and its month's as the archive says.
    let saturday = try Self.count(on: "2019-06-15", in: archive)
    let opened = try await tmux.waitForScreen("the History page") { screen in
      screen.first?.hasPrefix("hist_owl · History 2019 · 10 plays · archive 2019-03-02 to 2019-06-15") == true
        && screen.contains { $0.hasPrefix("Sat 2019-06-15: \(saturday) plays · June 2019: 8 plays") }
    }
    #expect(saturday == 5)
    // The cursor's cell is marked on Saturday's row; the month's chart beside the calendar.
    #expect(opened.contains { $0.hasPrefix("Sat ") && $0.contains("◆") })
    #expect(opened.contains { $0.contains("Top albums, June 2019 · 8 plays") })
    #expect(Self.captionsInOrder(opened, ["The Northern Dreams", "Ghosts of Rer"]))
    #expect(Self.statusLine(opened).contains("Enter opens June 2019"))

    // h: a day back, on Friday's row, with Friday's count.
    try tmux.sendKeys("h")
    let friday = try Self.count(on: "2019-06-14", in: archive)
    let moved = try await tmux.waitForScreen("the cursor on Friday") { screen in
      screen.contains { $0.hasPrefix("Fri 2019-06-14: \(friday) plays") }
    }
    #expect(moved.contains { $0.hasPrefix("Fri ") && $0.contains("◆") })
    #expect(!moved.contains { $0.hasPrefix("Sat ") && $0.contains("◆") })

    // d, Enter: the day's chart, its albums then (Tab) its artists; Enter opens the artist's page.
    try tmux.sendKeys("d")
    _ = try await tmux.waitForScreen("the day chosen") { Self.statusLine($0).contains("Enter opens Fri 2019-06-14") }
    try tmux.sendKeys("Enter")
    let day = try await tmux.waitForScreen("the day's top albums") { screen in
      screen.first?.hasPrefix("hist_owl · Fri 2019-06-14 · \(friday) plays") == true
        && screen.contains {
          $0.hasPrefix("> 1.  The Northern Dreams — Golden")
            && $0.trimmingCharacters(in: .whitespaces).hasSuffix("3 plays")
        }
    }
    #expect(day[1].hasPrefix("[Top albums]  Top artists"))
    try tmux.sendKeys("Tab")
    _ = try await tmux.waitForScreen("the day's top artists") { screen in
      screen.contains { $0.hasPrefix("> 1.  Golden Traim") }
    }
    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForScreen("the artist's page") { screen in
      screen.first?.hasPrefix("Golden Traim") == true && screen.contains { $0.contains(" listeners") }
    }

    // Backspace twice: the History page again, where the cursor was; [ a month back to March's two plays.
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the day's chart again") { $0.first?.hasPrefix("hist_owl · Fri") == true }
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the History page again") { screen in
      screen.contains { $0.hasPrefix("Fri 2019-06-14: \(friday) plays") }
    }
    for _ in 0..<3 { try tmux.sendKeys("[") }
    _ = try await tmux.waitForScreen("March") { screen in
      screen.contains { $0.hasPrefix("Thu 2019-03-14: 0 plays · March 2019: 2 plays") }
    }
    try tmux.sendKeys("q")
    _ = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(try tmux.format("#{alternate_on}") == "0")
  }

  /// Golden Traim's first three albums in the demo catalog: names and cover addresses (`--artist --json`).
  static func demoAlbums(cache: URL) async throws -> [(name: String, cover: String)] {
    let output = try await BrowserProcess.run(["--demo", "--artist", "Golden Traim", "--json"], cacheDirectory: cache)
    let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    let albums = (document?["albums"] as? [[String: Any]]) ?? []
    return albums.prefix(3).compactMap { album in
      guard let name = album["name"] as? String, let cover = album["imageURL"] as? String else { return nil }
      return (name, cover)
    }
  }

  /// The wall's caption line holding `names` (each cut to its first 10 characters), left to right in that order.
  static func captionsInOrder(_ screen: [String], _ names: [String]) -> Bool {
    screen.contains { line in
      let places = names.map { line.range(of: String($0.prefix(10)))?.lowerBound }
      guard places.allSatisfy({ $0 != nil }) else { return false }
      let found = places.compactMap { $0 }
      return found == found.sorted() && (names.count < 2 || Set(found).count == found.count)
    }
  }

  @Test func theWallShowsTheRangesCoversAYearBackEnterOpensTheRangeAndTabEnterTheAlbum() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let albums = try await Self.demoAlbums(cache: cache)
    try #require(albums.count == 3, "the demo catalog's albums of Golden Traim")
    // June 2019: the three albums 5, 3 and 1 times; June 2018: the third 4 times. The covers as the demo server
    // of another session named them (its port), as a demo sync stores them.
    let archive = try ScratchArchive(listener: "wall_owl")
    defer { archive.remove() }
    var plays: [ScratchArchive.Play] = []
    for ((name, cover), (start, count)) in zip(
      albums, [(Self.saturday, 5), (Self.saturday + 2000, 3), (Self.saturday + 4000, 1)])
    {
      plays += (0..<count).map {
        ScratchArchive.Play(start + Int64($0 * 240), "Golden Traim", album: name, cover: cover)
      }
    }
    plays += (0..<4).map {
      ScratchArchive.Play(
        Self.saturday - 365 * 86_400 + Int64($0 * 240), "Golden Traim", album: albums[2].name,
        cover: albums[2].cover)
    }
    try archive.add(plays)
    let tmux = try start(["--user", "wall_owl", "--history"] + archive.arguments, cache: cache)
    defer { tmux.kill() }

    // The calendar and beside it the month's covers, most played first, drawn (no placeholder dots left).
    let names = albums.map(\.name)
    let opened = try await tmux.waitForScreen("the History page with its covers") { screen in
      screen.contains { $0.contains("Top albums, June 2019 · 9 plays") } && Self.captionsInOrder(screen, names)
        && !screen.contains { $0.contains("··········") }
    }
    #expect(opened.contains { $0.hasPrefix("Sat ") && $0.contains("◆") })
    #expect(opened.contains { $0.hasPrefix("    00    03") }, "the clock under the calendar")

    // { : a year back, June 2018's one album; Enter opens June 2018's lists, Backspace comes back.
    try tmux.sendKeys("{")
    _ = try await tmux.waitForScreen("2018") { screen in
      screen.first?.hasPrefix("wall_owl · History 2018 · 4 plays") == true
        && screen.contains { $0.contains("Top albums, June 2018 · 4 plays") }
        && Self.captionsInOrder(screen, [names[2]]) && !Self.captionsInOrder(screen, [names[0]])
    }
    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForScreen("June 2018's top albums") { screen in
      screen.first?.hasPrefix("wall_owl · June 2018 · 4 plays") == true
        && screen.contains { $0.hasPrefix("> 1.  \(names[2].prefix(10))") }
    }
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the History page again") { screen in
      screen.first?.hasPrefix("wall_owl · History 2018") == true
    }

    // } back to 2019; Tab puts the keys on the covers, l the second, Enter opens its album page.
    try tmux.sendKeys("}")
    _ = try await tmux.waitForScreen("2019 again") { $0.contains { $0.contains("Top albums, June 2019 · 9 plays") } }
    try tmux.sendKeys("Tab")
    try tmux.sendKeys("l")
    let focused = try await tmux.waitForScreen("the second cover chosen") { screen in
      Self.statusLine(screen).contains("2 / 3") && screen.contains { $0.hasPrefix("h/j/k/l move · Enter album") }
    }
    #expect(focused.contains { $0.contains("2.  \(names[1].prefix(10))") && $0.contains("3 plays") })
    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForScreen("the album's page") { screen in
      screen.first?.hasPrefix("\(names[1]) — Golden Traim") == true
    }
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the History page again") { screen in
      screen.first?.hasPrefix("wall_owl · History 2019") == true
    }

    try tmux.sendKeys("q")
    let left = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(try tmux.format("#{alternate_on}") == "0")
    #expect(!left.contains { $0.contains("History") }, "nothing of the page left on the terminal")
  }

  @Test func withoutAnArchiveSSyncsWithProgressAndLeavingStopsIt() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let folder = cache.appendingPathComponent("history")
    // archive_owl: a quarter of a million scrobbles, so the sync is still running when the test looks at its
    // progress and leaves (a small history could finish between two looks).
    let tmux = try start(["--user", "archive_owl", "--history", "--archive-dir", folder.path], cache: cache)
    defer { tmux.kill() }

    _ = try await tmux.waitForScreen("the offer to sync") { screen in
      screen.contains { $0.hasPrefix("No archive of this listener in ") }
        && screen.contains { $0.hasPrefix("s sync from Last.fm") }
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing is created before s")
    try tmux.sendKeys("s")
    let syncing = try await tmux.waitForScreen("the sync's progress") { screen in
      screen.contains { $0.hasPrefix("Syncing… ") && !$0.hasPrefix("Syncing… 0 pages") }
    }
    #expect(syncing.contains { $0.contains(" scrobbles") })
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("archive_owl.sqlite").path))

    // Escape leaves the page (back to the chart) and stops the sync; the browser goes on answering.
    try tmux.sendKeys("Escape")
    _ = try await tmux.waitForScreen("the chart") { screen in
      !screen.contains { $0.hasPrefix("Syncing… ") } && screen.contains { $0.hasPrefix(">  1. ") || $0.hasPrefix(">") }
    }
    try tmux.sendKeys("q")
    _ = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
  }
}
