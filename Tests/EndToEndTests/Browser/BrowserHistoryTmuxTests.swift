import Foundation
import TestSupport
import Testing

/// The listener's History page in a real terminal (tmux, 120×40, demo catalog, TZ=UTC), on an archive the test
/// writes: the year opens on the archive's last day with the counts the archive holds, keys move the cursor,
/// `d` and Enter open the day's top albums and artists, Enter there opens an artist's page, and without an
/// archive `s` syncs one with its progress on the page, stopped by leaving it.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(10)))
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

  /// A chart row naming `album` with `plays`, whatever the padding between them.
  static func hasRow(_ screen: [String], _ album: String, plays: String) -> Bool {
    screen.contains { line in
      guard let range = line.range(of: album) else { return false }
      return line[range.upperBound...].trimmingCharacters(in: .whitespaces).hasPrefix(plays)
    }
  }

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
    #expect(Self.hasRow(opened, "1.  The Northern Dreams — Golden Traim", plays: "7 plays"))
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
