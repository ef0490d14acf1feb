import Foundation
import Glibc
import TestSupport
import Testing

/// SIGTERM and SIGINT end a full-screen session as `q` does: every kitty picture is deleted (leaving the alternate
/// screen does not remove them), then the terminal is put back, and the process dies of the signal it got.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"), .timeLimit(.minutes(20)))
struct BrowserSignalEndToEndTests {
  /// kitty's "delete every picture and its data", and the session's whole id range freed, then the terminal's
  /// restore: colours reset, cursor shown, alternate screen left.
  static let expectedEnding = Array(
    ("\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}_Ga=d,d=R,x=256,y=16777215,q=2\u{1B}\\" + "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
      .utf8)
  /// The session keeps kitty pictures in the terminal: each is transmitted once (`a=t`), then placed.
  static let kittyTransmit = Array("\u{1B}_Ga=t,f=100".utf8)

  @Test(arguments: [SIGTERM, SIGINT])
  func signalErasesKittyPicturesAndRestoresTheTerminal(signal: Int32) async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    // 120 columns: the chart has its preview pane, drawn with kitty's protocol (named, so nothing is asked).
    let terminal = try PseudoTerminal(columns: 120, rows: 40)
    let process = try terminal.start(
      BrowserProcess.binary, ["--demo", "--graphics", "kitty"],
      environment: BrowserProcess.environment(cacheDirectory: cache).merging(["TERM": "xterm-256color"]) { $1 })
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    try await waitUntil("the preview pane's kitty picture") {
      terminal.readAvailable()
      return terminal.output.firstRange(of: Self.kittyTransmit) != nil
    }
    // Whatever follows the picture (the pane's facts) is let through, so the signal does not cut a sequence.
    var quietSince = ContinuousClock.now
    var seen = terminal.output.count
    try await waitUntil("the browser to stop drawing") {
      terminal.readAvailable()
      if terminal.output.count != seen { (seen, quietSince) = (terminal.output.count, .now) }
      return ContinuousClock.now - quietSince > .milliseconds(300)
    }
    let beforeSignal = terminal.output.count

    kill(process.processIdentifier, signal)
    try await waitUntil("the browser to die of signal \(signal)") {
      terminal.readAvailable()
      return !process.isRunning
    }
    terminal.readAvailable()

    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)
    let afterSignal = Array(terminal.output[beforeSignal...])
    #expect(
      afterSignal == Self.expectedEnding,
      "written after the signal: \(String(reflecting: String(decoding: afterSignal, as: UTF8.self)))")
  }
}
