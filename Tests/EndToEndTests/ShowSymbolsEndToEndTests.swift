import Foundation
import ImageCache
import ImageEncoding
import TestSupport
import Testing

private let esc = "\u{1B}"

/// `imgcache show --symbols` as a user runs it: the built binary on a PNG file, output as bytes.
@Suite(
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"),
  .timeLimit(.minutes(20)))
struct ShowSymbolsEndToEndTests {
  /// Two cells of 2×3 pixels: a white diagonal on black, then red, dark red and blue stripes.
  private func picture() throws -> String {
    let white: [UInt8] = [255, 255, 255, 255]
    let black: [UInt8] = [0, 0, 0, 255]
    let red: [UInt8] = [255, 0, 0, 255]
    let darkRed: [UInt8] = [128, 0, 0, 255]
    let blue: [UInt8] = [0, 0, 255, 255]
    let rows = [white + black + red + red, black + white + darkRed + darkRed, black + white + blue + blue]
    let bitmap = ImageBitmap(width: 4, height: 3, pixels: rows.flatMap { $0 })
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("show-\(UUID().uuidString).png").path
    try Data(try PNGEncoder.encode(bitmap)).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func sextantsFromTheOptionOrFromTheTerminal() throws {
    let path = try picture()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let arguments = ["show", path, "--size", "2x1", "--color", "truecolor"]
    let sextants =
      "\(esc)[38;2;0;0;0;48;2;255;255;255m\u{1FB14}\(esc)[38;2;192;0;0;48;2;0;0;255m\u{1FB0E}\(esc)[0m\n"

    let chosen = try ProcessRunner.run(
      "imgcache", arguments + ["--symbols", "sextant"], environment: ["TERM": "xterm"])
    #expect(chosen.status == 0, "\(chosen.stderr)")
    #expect(chosen.stdout == sextants)
    let detected = try ProcessRunner.run(
      "imgcache", arguments, environment: ["TERM": "xterm-kitty", "TERM_PROGRAM": ""])
    #expect(detected.stdout == sextants)
    // Elsewhere auto means half blocks: each cell's left column, upper and lower half.
    let half = try ProcessRunner.run(
      "imgcache", arguments + ["--symbols", "auto"],
      environment: [
        "TERM": "xterm", "TERM_PROGRAM": "", "KITTY_WINDOW_ID": "", "WEZTERM_PANE": "",
        "GHOSTTY_RESOURCES_DIR": "", "TERMINAL_NAME": "",
      ])
    #expect(half.stdout.filter { $0 == "▀" }.count == 2 && !half.stdout.unicodeScalars.contains("\u{1FB14}"))
  }

  @Test func anUnknownSetIsOneLineSayingWhatToType() throws {
    let path = try picture()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try ProcessRunner.run("imgcache", ["show", path, "--symbols", "octant"])
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("--symbols: expected half, quad, sextant or auto, got \"octant\""))
  }
}
