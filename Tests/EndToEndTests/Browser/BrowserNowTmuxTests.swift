import Foundation
import Testing

/// The Now screen in a real terminal (tmux, 120×30, demo catalog): `n` from the listener's page opens it on the
/// playing track with its cover in block art, Enter opens the album, Backspace returns, `q` leaves the terminal
/// clean. The track changing on screen needs a clock the spawned demo server does not take; `NowSceneTests`
/// drives that with an injected sleep, `NowPlayingFollowerTests` against the demo server's injected clock.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct BrowserNowTmuxTests {
  @Test func nOpensTheNowScreenEnterTheAlbumBackspaceReturnsAndQLeavesCleanly() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = TmuxSession()
    try tmux.start(
      BrowserProcess.shellCommand(
        cacheDirectory: cache, arguments: ["--user", "nightjar_radio"], term: "xterm-256color",
        after: "echo BROWSER-EXITED; sleep 600"),
      columns: 120, rows: 30)
    defer { tmux.kill() }
    _ = try await tmux.waitForScreen("the listener's recent tracks") { screen in
      screen.contains { $0.hasPrefix("> ▶ now playing  ") }
    }
    try tmux.sendKeys("n")
    let now = try await tmux.waitForScreen("the Now screen with its cover") { screen in
      screen.contains { $0.hasPrefix("▶ playing now") } && screen.contains { $0.hasPrefix("Before it:") }
        && screen.contains { $0.hasSuffix("▀▀▀▀▀▀▀▀") }
    }
    // The second line is the album, then the gap before the cover.
    let album = now[1].components(separatedBy: "  ").first?.trimmingCharacters(in: .whitespaces) ?? ""
    #expect(!album.isEmpty)
    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForScreen("the album page") { screen in
      screen.first?.hasPrefix(album) == true && screen.contains { $0.contains(" tracks · ") }
    }
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the Now screen again") { screen in
      screen.contains { $0.hasPrefix("▶ playing now") }
    }
    try tmux.sendKeys("q")
    _ = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(try tmux.format("#{alternate_on}") == "0")
  }
}
