import Foundation
import Testing

/// A paste into the search and user prompts in a real terminal (tmux, 99×30, demo catalog): the browser asks for
/// bracketed paste while a prompt is open, so a pasted line break is a space in the field and never Enter, and the
/// shell after it gets the terminal back with bracketed paste off.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct BrowserPasteTmuxTests {
  static let pasted = "line one\nline two"

  @Test func aPastedLineBreakInAPromptIsASpaceAndSubmitsNothing() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      BrowserProcess.shellCommand(
        cacheDirectory: cache, arguments: [], term: "xterm-256color", after: "echo BROWSER-EXITED; sleep 600"),
      columns: 99, rows: 30)
    _ = try await tmux.waitForScreen("the chart") { $0.first?.hasPrefix("Top artists") == true }

    // The search prompt: the two lines, joined by a space, wait in the field; nothing is searched.
    try tmux.sendKeys("/")
    _ = try await tmux.waitForScreen("the search field") { $0.first?.hasPrefix("Search: ") == true }
    try tmux.bracketedPaste(Self.pasted)
    let search = try await tmux.waitForScreen("the paste in the search field") { screen in
      screen.first?.hasPrefix("Search: line one line two") == true
    }
    #expect(!search.contains { $0.contains("Artists matching") })

    // The user prompt: the same.
    try tmux.sendKeys("Escape")
    _ = try await tmux.waitForScreen("the chart again") { $0.first?.hasPrefix("Top artists") == true }
    try tmux.sendKeys("u")
    _ = try await tmux.waitForScreen("the name prompt") { $0.first?.hasPrefix("Listener: ") == true }
    try tmux.bracketedPaste(Self.pasted)
    let user = try await tmux.waitForScreen("the paste in the name prompt") { screen in
      screen.first?.contains("line one line two▏") == true
    }
    #expect(user.first?.hasPrefix("Listener: ") == true)

    // Ctrl-C with the prompt open: the shell's own paste is bare again (tmux pastes without markers).
    try tmux.sendKeys("C-c")
    _ = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(try tmux.format("#{alternate_on}") == "0")
  }
}
