import Foundation
import Testing

/// The browser laid out around the picture, in a real terminal (tmux, no passthrough, so pictures are block art
/// that `capture-pane` can read): the preview pane beside the chart, a large album cover, a resize, and `q`
/// leaving the terminal as it was.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct BrowserPictureTmuxTests {
  /// A row of block art at least `cells` wide, starting at or after `column`.
  static func hasPicture(_ line: String, from column: Int, cells: Int) -> Bool {
    String(line.dropFirst(column)).contains(String(repeating: "▀", count: cells))
  }

  /// The pane's part of a row: what follows the last run of spaces between the list and the pane.
  static func pane(_ line: String) -> String {
    (line.components(separatedBy: "  ").last ?? "").trimmingCharacters(in: .whitespaces)
  }

  static func pictureRows(_ screen: [String], from column: Int, cells: Int) -> [Int] {
    screen.indices.filter { hasPicture(screen[$0], from: column, cells: cells) }
  }

  @Test func previewPaneBigCoverResizeAndQuit() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let sttyFile = cache.appendingPathComponent("stty.txt")
    let tmux = TmuxSession()
    defer { tmux.kill() }
    let stty = BrowserProcess.quoted(sttyFile.path)
    try tmux.start(
      BrowserProcess.shellCommand(
        cacheDirectory: cache, arguments: ["--symbols", "half"], term: "xterm-256color",
        before: "stty -a > \(stty).before; ",
        after: "stty -a > \(stty); echo BROWSER-EXITED; sleep 600"),
      columns: 140, rows: 40)

    // 140×40: the chart on the left, and beside it the first artist's picture, 64 cells wide (a square picture
    // in 32 rows of the 36 between the header and the footer above the status line), the facts under it.
    let chart = try await tmux.waitForScreen("the chart with its preview pane") { screen in
      screen.first?.hasPrefix("Top artists") == true && Self.pictureRows(screen, from: 40, cells: 64).count == 32
    }
    #expect(Self.pictureRows(chart, from: 40, cells: 64) == Array(2..<34))
    #expect(chart.allSatisfy { !Self.hasPicture($0, from: 0, cells: 65) })
    let firstName = Self.pane(chart[35])
    #expect(!firstName.isEmpty)
    #expect(chart[2].hasPrefix(">   1. \(firstName) "))
    #expect(Self.pane(chart[36]).contains("listeners"))
    let firstPicture = try tmux.capture(escapes: true)[2...33].joined()

    // j: the second artist's picture and facts replace the first's.
    try tmux.sendKeys("j")
    let moved = try await tmux.waitForScreen("the second artist's preview") { screen in
      screen[3].hasPrefix(">   2. ") && !screen[35].contains(firstName)
        && Self.pictureRows(screen, from: 40, cells: 64).count == 32
    }
    let secondName = Self.pane(moved[35])
    #expect(moved[3].hasPrefix(">   2. \(secondName) "))
    let secondPicture = try tmux.capture(escapes: true)[2...33].joined()
    #expect(secondPicture != firstPicture)

    // Enter, j, Enter: the artist's first album; its cover beside the tracks, at least 40 cells wide.
    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForScreen("the artist page") { $0.contains { $0.hasPrefix("Top albums") } }
    try tmux.sendKeys("j")
    try tmux.sendKeys("Enter")
    let album = try await tmux.waitForScreen("the album page with its cover") { screen in
      // Whole: a capture can land while the cover is still being written.
      screen.first?.contains(" — \(secondName)") == true && Self.pictureRows(screen, from: 50, cells: 40).count >= 30
    }
    let coverRows = Self.pictureRows(album, from: 50, cells: 40)
    #expect(coverRows.count >= 30)
    #expect(album.contains { $0.hasPrefix(">   1. ") })

    // A resize to 80×24: the cover moves above the tracks, smaller, and everything fits the new width.
    try tmux.resize(columns: 80, rows: 24)
    let narrow = try await tmux.waitForScreen("the album page at 80×24") { screen in
      screen.count >= 24 && Self.hasPicture(screen[0], from: 0, cells: 10)
        && screen.contains { $0.contains(" — \(secondName)") }
    }
    let narrowCover = Self.pictureRows(narrow, from: 0, cells: 10)
    #expect(narrowCover.first == 0)
    let titleRow = try #require(narrow.firstIndex { $0.contains(" — \(secondName)") })
    #expect(titleRow == (narrowCover.last ?? 0) + 2)
    #expect(narrow.prefix(24).allSatisfy { $0.count <= 80 })
    #expect(narrow.contains { $0.hasPrefix(">   1. ") })

    // q: the browser ends and the shell after it finds the terminal as it was.
    try tmux.sendKeys("q")
    let final = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(!final.contains { $0.contains("▀") || $0.contains("Top artists") })
    #expect(try tmux.format("#{alternate_on}") == "0")
    #expect(try tmux.format("#{cursor_flag}") == "1")
    let before = try String(contentsOf: URL(fileURLWithPath: sttyFile.path + ".before"), encoding: .utf8)
    let after = try String(contentsOf: sttyFile, encoding: .utf8)
    // The first line names the window size, which the resize changed.
    #expect(before.split(separator: "\n").dropFirst() == after.split(separator: "\n").dropFirst())
  }
}
