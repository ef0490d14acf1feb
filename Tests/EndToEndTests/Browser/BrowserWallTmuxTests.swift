import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The wall in a real terminal (tmux, 160×45, block art, demo catalog): the mark moves, Enter opens the album
/// and Backspace comes back to the same tile; `q` and Ctrl-Z/`fg` leave the terminal as they found it.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct BrowserWallTmuxTests {
  static let columns = 160
  static let rows = 45

  /// Row and column of the selected tile's frame corner.
  static func mark(_ screen: [String]) -> (row: Int, column: Int)? {
    for (row, line) in screen.enumerated() {
      if let corner = line.firstIndex(of: "┌") { return (row, line.distance(from: line.startIndex, to: corner)) }
    }
    return nil
  }

  static func firstArtist(cache: URL) async throws -> String {
    let chart = try await BrowserProcess.run(["--plain", "--limit", "1"], cacheDirectory: cache)
    let firstLine = chart.stdout.split(separator: "\n").map(String.init).dropFirst(1).first ?? ""
    return try #require(BrowserProcess.artistName(fromChartLine: firstLine))
  }

  @Test func theMarkMovesEnterOpensTheAlbumBackspaceReturnsToTheSameTileAndQRestores() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let name = try await Self.firstArtist(cache: cache)
    let sttyFile = cache.appendingPathComponent("stty.txt")
    let tmux = TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      BrowserProcess.shellCommand(
        cacheDirectory: cache, arguments: ["--wall", "--artist", name], term: "xterm-256color",
        after: "stty -a > \(BrowserProcess.quoted(sttyFile.path)); echo BROWSER-EXITED; sleep 600"),
      columns: Self.columns, rows: Self.rows)

    // The artist's albums as a wall: medium tiles, 8 a row; the first marked, its cover drawn in blocks.
    let wall = try await tmux.waitForScreen("the wall of albums with covers") { screen in
      Self.mark(screen)?.column == 0 && screen.count > 4 && screen[3].contains("▀")
        && screen.contains { $0.contains("1 / ") }
    }
    #expect(wall.first == name)
    let corner = try #require(Self.mark(wall))
    // The second tile's caption: the row under its frame, columns 20 to 40.
    let captionRow = corner.row + 9 + 2
    let second = String(Array(wall[captionRow]).dropFirst(21).prefix(18)).trimmingCharacters(in: .whitespaces)
    #expect(!second.isEmpty)

    // l: the mark moves to the second tile, and the status line says so.
    try tmux.sendKeys("l")
    _ = try await tmux.waitForScreen("the mark on the second tile") { screen in
      Self.mark(screen)?.column == 20 && screen.contains { $0.contains("2 / ") }
    }

    // Enter: the second album's page.
    try tmux.sendKeys("Enter")
    let album = try await tmux.waitForScreen("the album page") { screen in
      Self.mark(screen) == nil && screen.contains { $0.contains(second.replacingOccurrences(of: "…", with: "")) }
    }
    #expect(!album.contains { $0.contains("2 / ") })

    // Backspace: the wall again, the mark on the same tile.
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the wall at the same tile") { screen in
      Self.mark(screen)?.column == 20 && screen.contains { $0.contains("2 / ") }
    }

    // q: the shell after it finds the terminal as it was.
    try tmux.sendKeys("q")
    let final = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(!final.contains { $0.contains("┌") })
    #expect(try tmux.format("#{alternate_on}") == "0")
    #expect(try tmux.format("#{cursor_flag}") == "1")
    let settings = try String(contentsOf: sttyFile, encoding: .utf8).split(whereSeparator: \.isWhitespace)
    #expect(settings.contains("icanon") && settings.contains("echo") && settings.contains("isig"))
  }

  @Test func controlZGivesTheTerminalBackAndFgRedraws() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let sttyFile = cache.appendingPathComponent("stty.txt")
    let tmux = TmuxSession()
    defer { tmux.kill() }
    // An interactive shell with job control, as a person's would be.
    try tmux.start("env PS1='wall$ ' bash --norc --noprofile -i", columns: Self.columns, rows: Self.rows)
    _ = try await tmux.waitForScreen("the prompt") { $0.contains { $0.hasPrefix("wall$") } }
    let command = BrowserProcess.shellCommand(
      cacheDirectory: cache, arguments: ["--wall"], after: "echo BROWSER-EXITED")
    try tmux.type(command)
    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForScreen("the chart as a wall") { screen in
      Self.mark(screen) != nil && screen.contains { $0.contains("1 / ") }
    }
    #expect(try tmux.format("#{alternate_on}") == "1")

    // Ctrl-Z: the shell's screen and prompt, in cooked mode, the cursor shown.
    try tmux.sendKeys("C-z")
    let suspended = try await tmux.waitForScreen("the shell while the browser is stopped") { screen in
      screen.contains { $0.contains("Stopped") } && screen.last { !$0.isEmpty }?.hasPrefix("wall$") == true
    }
    #expect(Self.mark(suspended) == nil)
    #expect(try tmux.format("#{alternate_on}") == "0")
    #expect(try tmux.format("#{cursor_flag}") == "1")
    // Written aside and moved into place, so the file appears whole: a pause after it appears could be outrun.
    let stty = BrowserProcess.quoted(sttyFile.path)
    try tmux.type("stty -a > \(stty).new && mv \(stty).new \(stty)")
    try tmux.sendKeys("Enter")
    try await waitUntil("stty's settings") {
      FileManager.default.fileExists(atPath: sttyFile.path)
    }
    let settings = try String(contentsOf: sttyFile, encoding: .utf8).split(whereSeparator: \.isWhitespace)
    #expect(settings.contains("icanon") && settings.contains("echo") && settings.contains("isig"))

    // fg: the browser takes the screen again and draws all of it.
    try tmux.type("fg")
    try tmux.sendKeys("Enter")
    let back = try await tmux.waitForScreen("the wall redrawn") { screen in
      Self.mark(screen) != nil && screen.contains { $0.contains("1 / ") }
        && screen.first?.hasPrefix("Top artists") == true
    }
    #expect(!back.contains { $0.contains("Stopped") })
    #expect(try tmux.format("#{alternate_on}") == "1")
    // Keys work again.
    try tmux.sendKeys("l")
    _ = try await tmux.waitForScreen("the mark moved after fg") { $0.contains { $0.contains("2 / ") } }
    try tmux.sendKeys("q")
    _ = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(try tmux.format("#{alternate_on}") == "0")
  }
}
