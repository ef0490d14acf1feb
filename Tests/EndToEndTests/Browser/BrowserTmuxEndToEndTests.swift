import Foundation
import Testing

/// The full-screen browser in a real terminal (tmux, 99×30: the one-column layouts, just below the preview pane),
/// driven with keys and read back from the screen: what a person would see at each step, and the terminal put
/// back as it was afterwards.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct BrowserTmuxEndToEndTests {
  static let columns = 99
  static let rows = 30

  @Test func browseChartArtistBackSearchAndQuit() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let chart = try await BrowserProcess.run(["--plain", "--limit", "1"], cacheDirectory: cache)
    let firstLine = chart.stdout.split(separator: "\n").map(String.init).dropFirst().first ?? ""
    let name = try #require(BrowserProcess.artistName(fromChartLine: firstLine))

    let sttyFile = cache.appendingPathComponent("stty.txt")
    let tmux = TmuxSession()
    defer { tmux.kill() }
    let environment = BrowserProcess.environment(cacheDirectory: cache).map { "\($0.key)=\(quoted($0.value))" }
    try tmux.start(
      "env TERM=xterm-256color \(environment.joined(separator: " ")) \(quoted(BrowserProcess.binary.path)) --thumbs"
        + "; stty -a > \(quoted(sttyFile.path)); echo BROWSER-EXITED; sleep 600",
      columns: Self.columns, rows: Self.rows)

    // The chart, the first artist selected with its picture (its top album cover) in half blocks, and the
    // catalog named on the status line.
    let chartScreen = try await tmux.waitForScreen("the chart with pictures") { screen in
      screen.contains { $0.hasPrefix("> ▀▀▀▀▀▀   1. \(name) ") }
    }
    #expect(chartScreen.first == "Top artists · sort: rank")
    #expect(chartScreen.count >= Self.rows)
    #expect(chartScreen[Self.rows - 1].hasPrefix("demo catalog (no LASTFM_API_KEY set)"))
    #expect(chartScreen[Self.rows - 1].hasSuffix("? help · q quit"))
    #expect(chartScreen.contains { $0.contains("listeners") })

    // Enter: the artist's page, its picture above, its albums with their covers drawn in half blocks beside them.
    try tmux.sendKeys("Enter")
    let artistScreen = try await tmux.waitForScreen("the artist page with its picture and covers") { screen in
      screen.contains("Top albums") && screen.contains { $0.hasPrefix("  ▀▀▀▀▀▀   1. ") }
        && screen.first?.hasPrefix("▀▀▀▀▀▀▀▀▀▀") == true
    }
    #expect(artistScreen.contains(name))
    #expect(artistScreen.contains(">        Similar artists →"))
    #expect(artistScreen.contains { $0.contains(" plays") })

    // Backspace: back to the chart.
    try tmux.sendKeys("BSpace")
    let backScreen = try await tmux.waitForScreen("the chart again") { screen in
      screen.first?.hasPrefix("Top artists") == true
    }
    #expect(backScreen.contains { $0.contains("1. \(name)") })

    // "/", a query and Enter: search results, the first artist among them.
    let query = String(name.prefix(3)).lowercased()
    try tmux.sendKeys("/")
    _ = try await tmux.waitForScreen("the search field") { $0.first?.hasPrefix("Search: ") == true }
    try tmux.type(query)
    try tmux.sendKeys("Enter")
    let searchScreen = try await tmux.waitForScreen("search results") { screen in
      screen.contains { $0.contains("Artists matching “\(query)”") } && screen.contains { $0.contains(name) }
    }
    #expect(searchScreen.first?.hasPrefix("Search: \(query)") == true)

    // q: the browser ends and the shell after it finds the terminal as it was.
    try tmux.sendKeys("q")
    let finalScreen = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(!finalScreen.contains { $0.contains("Top artists") || $0.contains("Search:") })
    #expect(try tmux.format("#{alternate_on}") == "0")
    #expect(try tmux.format("#{cursor_flag}") == "1")
    let settings = try String(contentsOf: sttyFile, encoding: .utf8)
      .split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" }).map(String.init)
    #expect(settings.contains("icanon"), "stty -a: \(settings)")
    #expect(settings.contains("echo"), "stty -a: \(settings)")
    #expect(settings.contains("isig"), "stty -a: \(settings)")
    #expect(!settings.contains("-icanon") && !settings.contains("-echo"))
  }

  @Test func controlCAlsoRestoresTheTerminal() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let sttyFile = cache.appendingPathComponent("stty.txt")
    let tmux = TmuxSession()
    defer { tmux.kill() }
    let environment = BrowserProcess.environment(cacheDirectory: cache).map { "\($0.key)=\(quoted($0.value))" }
    try tmux.start(
      "env \(environment.joined(separator: " ")) \(quoted(BrowserProcess.binary.path))"
        + "; echo \"STATUS=$?\"; stty -a > \(quoted(sttyFile.path)); echo BROWSER-EXITED; sleep 600",
      columns: 80, rows: 24)
    _ = try await tmux.waitForScreen("the chart") { $0.first?.hasPrefix("Top artists") == true }
    try tmux.sendKeys("/")
    _ = try await tmux.waitForScreen("the search field") { $0.first?.hasPrefix("Search: ") == true }
    // In the search field q is text; Ctrl-C still leaves at once.
    try tmux.sendKeys("C-c")
    let finalScreen = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(finalScreen.contains("STATUS=0"))
    #expect(try tmux.format("#{alternate_on}") == "0")
    let settings = try String(contentsOf: sttyFile, encoding: .utf8).split(whereSeparator: \.isWhitespace)
    #expect(settings.contains("icanon") && settings.contains("echo"))
  }

  @Test func sigtermRestoresTheTerminalAndEndsWithThatSignal() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let sttyFile = cache.appendingPathComponent("stty.txt")
    let tmux = TmuxSession()
    defer { tmux.kill() }
    let environment = BrowserProcess.environment(cacheDirectory: cache).map { "\($0.key)=\(quoted($0.value))" }
    try tmux.start(
      "env \(environment.joined(separator: " ")) \(quoted(BrowserProcess.binary.path))"
        + "; echo \"STATUS=$?\"; stty -a > \(quoted(sttyFile.path)); echo BROWSER-EXITED; sleep 600",
      columns: 80, rows: 24)
    _ = try await tmux.waitForScreen("the chart") { $0.first?.hasPrefix("Top artists") == true }
    // The pane runs a shell; the browser is its only child.
    let shell = try tmux.format("#{pane_pid}")
    let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    let browser = try #require(children.split(separator: " ").first.flatMap { pid_t($0) })
    #expect(kill(browser, SIGTERM) == 0)
    let finalScreen = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(finalScreen.contains("STATUS=143"))  // 128 + SIGTERM: it died of the signal, after restoring
    #expect(try tmux.format("#{alternate_on}") == "0")
    let settings = try String(contentsOf: sttyFile, encoding: .utf8).split(whereSeparator: \.isWhitespace)
    #expect(settings.contains("icanon") && settings.contains("echo"))
  }

  /// `--exit-after-first-frame` (what `Benchmarks/run browser` times): the process ends by itself, status 0, on
  /// a frame with the chart, all 20 thumbnails and the preview pane drawn. tmux's alternate screen is off here, so that frame
  /// stays in the pane after the exit and can be read back. The deadline is long: a loaded machine may take more than
  /// the default 10 s, and this test is about the frame, not the time.
  @Test func exitsAfterTheFirstCompleteFrame() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = TmuxSession()
    defer { tmux.kill() }
    let environment = BrowserProcess.environment(cacheDirectory: cache).map { "\($0.key)=\(quoted($0.value))" }
    // The status goes to a file: echoed, it would land on the frame where the browser left the cursor.
    let statusFile = cache.appendingPathComponent("status.txt")
    // 66 rows: title and blank line, 20 rows of 3-line thumbnails, room to spare, key hints and status line.
    try tmux.start(
      "tmux set-option -w alternate-screen off; env TERM=xterm-256color \(environment.joined(separator: " ")) "
        + "\(quoted(BrowserProcess.binary.path)) --thumbs --exit-after-first-frame --first-frame-deadline 600"
        + "; echo $? > \(quoted(statusFile.path)).new; mv \(quoted(statusFile.path)).new \(quoted(statusFile.path))"
        + "; printf '\\033]2;\(TmuxSession.exitedTitle)\\033\\\\'; sleep 600",
      columns: Self.columns, rows: 66)
    // The title comes after the browser's last output: the status file alone was once read before tmux had drawn
    // the frame, on a loaded machine.
    let screen = try await tmux.waitForExit()
    #expect(try String(contentsOf: statusFile, encoding: .utf8) == "0\n")
    #expect(screen.first == "Top artists · sort: rank")
    let thumbnailLines = screen.filter { $0.hasPrefix("> ▀▀▀▀▀▀") || $0.hasPrefix("  ▀▀▀▀▀▀") }
    #expect(thumbnailLines.count == 60, "the screen was:\n\(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.contains("  20. ") })
    #expect(!screen.contains { $0.contains("······") }, "a placeholder is still on screen")
    // From 100 columns the chart has a preview pane: its picture and the artist's facts are in too.
    #expect(!screen.contains { $0.contains("loading picture") }, "the preview is still loading")
    #expect(screen[2].hasSuffix("▀▀▀▀"), "no preview picture beside the first row")
  }

  private func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
