import Foundation
import ImageCache
import ImageEncoding
import TestSupport
import Testing

/// `imgcache show` with `--graphics auto` in a real terminal (tmux): the query's answers never reach the screen,
/// the terminal's modes come back as they were, and inside tmux without passthrough a terminal that would draw
/// kitty pictures gets block art and the one-line note.
@Suite(
  .enabled(if: FileManager.default.isExecutableFile(atPath: ProcessRunner.executable("imgcache").path)),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct ShowGraphicsTmuxTests {
  /// 24×24 pixels in stripes two rows high, dark then light: at 12×6 cells every cell is "▀", dark over light.
  static let stripes = ImageBitmap(
    width: 24, height: 24,
    pixels: (0..<24).flatMap { row in
      Array(repeating: row / 2 % 2 == 0 ? [20, 20, 20, 255] : [230, 230, 230, 255] as [UInt8], count: 24).flatMap { $0 }
    })

  private func run(_ hint: String) async throws -> (screen: [String], before: String, after: String) {
    let folder = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let picture = folder.appendingPathComponent("picture.png")
    try Data(PNGEncoder.encode(Self.stripes)).write(to: picture)
    let stty = BrowserProcess.quoted(folder.appendingPathComponent("stty").path)
    let imgcache = BrowserProcess.quoted(ProcessRunner.executable("imgcache").path)
    let clean = "env -u KITTY_WINDOW_ID -u TERM_PROGRAM -u LC_TERMINAL -u KONSOLE_VERSION -u IMGCACHE_GRAPHICS"
    let tmux = TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      "stty -a > \(stty).before; \(clean) \(hint) TERM=xterm-256color \(imgcache) show --symbols half "
        + "--color truecolor --size 12x6 \(BrowserProcess.quoted(picture.path)); stty -a > \(stty).after; echo SHOW-DONE; sleep 600",
      columns: 100, rows: 20)
    let screen = try await tmux.waitForScreen("show to finish") { $0.contains("SHOW-DONE") }
    let before = try String(contentsOfFile: folder.appendingPathComponent("stty.before").path, encoding: .utf8)
    let after = try String(contentsOfFile: folder.appendingPathComponent("stty.after").path, encoding: .utf8)
    return (screen, before, after)
  }

  @Test func theQueryLeavesNothingOnScreenAndTheTerminalAsItWas() async throws {
    let (screen, before, after) = try await run("")
    // tmux answers DA1 without sixel and nothing answers the kitty probe: block art, six rows of it.
    #expect(screen.filter { $0 == String(repeating: "▀", count: 12) }.count == 6, "\(screen)")
    #expect(screen.allSatisfy { !$0.contains("[?") && !$0.contains("OK") && !$0.contains("Gi=") }, "\(screen)")
    #expect(screen.first == String(repeating: "▀", count: 12), "nothing printed before the picture: \(screen)")
    #expect(after == before)
  }

  @Test func aKittyTerminalBehindTmuxWithoutPassthroughGetsBlockArtAndTheNote() async throws {
    let (screen, before, after) = try await run("KITTY_WINDOW_ID=1")
    let text = screen.joined(separator: "\n")
    #expect(text.contains("tmux blocks kitty pictures, so they are drawn as block art"), "\(screen)")
    #expect(screen.filter { $0 == String(repeating: "▀", count: 12) }.count == 6, "\(screen)")
    #expect(after == before)
  }
}
