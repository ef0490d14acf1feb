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

  @Test func sextantsFromTheOptionOrFromTheTerminal() async throws {
    let path = try picture()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let arguments = ["show", path, "--size", "2x1", "--color", "truecolor"]
    let sextants =
      "\(esc)[38;2;0;0;0;48;2;255;255;255m\u{1FB14}\(esc)[38;2;192;0;0;48;2;0;0;255m\u{1FB0E}\(esc)[0m\n"

    let chosen = try await ProcessRunner.run(
      "imgcache", arguments + ["--symbols", "sextant"], environment: ["TERM": "xterm"])
    #expect(chosen.status == 0, "\(chosen.stderr)")
    #expect(chosen.stdout == sextants)
    let detected = try await ProcessRunner.run(
      "imgcache", arguments, environment: ["TERM": "xterm-kitty", "TERM_PROGRAM": ""])
    #expect(detected.stdout == sextants)
    // Elsewhere auto means half blocks: each cell's left column, upper and lower half.
    let half = try await ProcessRunner.run(
      "imgcache", arguments + ["--symbols", "auto"],
      environment: [
        "TERM": "xterm", "TERM_PROGRAM": "", "KITTY_WINDOW_ID": "", "WEZTERM_PANE": "",
        "GHOSTTY_RESOURCES_DIR": "", "TERMINAL_NAME": "",
      ])
    #expect(half.stdout.filter { $0 == "▀" }.count == 2 && !half.stdout.unicodeScalars.contains("\u{1FB14}"))
  }

  @Test func anUnknownSetIsOneLineSayingWhatToType() async throws {
    let path = try picture()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try await ProcessRunner.run("imgcache", ["show", path, "--symbols", "octant"])
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("--symbols: expected half, quad, sextant or auto, got \"octant\""))
  }

  @Test func manyFilesComeOutInOrderAndABadOneStopsAfterThoseBeforeIt() async throws {
    // Given 40 pictures, each a different colour (files are drawn on every core, a batch at a time)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("show-many-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = try (0..<40).map { index in
      let pixel: [UInt8] = [UInt8(index * 6), 255 - UInt8(index * 6), UInt8(index), 255]
      let bitmap = ImageBitmap(width: 2, height: 2, pixels: Array([[UInt8]](repeating: pixel, count: 4).joined()))
      let path = folder.appendingPathComponent("picture-\(index).png").path
      try Data(try PNGEncoder.encode(bitmap)).write(to: URL(fileURLWithPath: path))
      return path
    }
    let options = ["--size", "1x1", "--color", "truecolor", "--symbols", "half"]
    // When drawn all at once
    let all = try await ProcessRunner.run("imgcache", ["show"] + paths + options)
    // Then the output is each picture's own drawing, in the order given
    #expect(all.status == 0, "\(all.stderr)")
    let each = try await paths.asyncMap { try await ProcessRunner.run("imgcache", ["show", $0] + options).stdout }
    #expect(all.stdout == each.joined())
    // And with a missing file in the middle, the pictures before it are drawn, then one line says what failed
    let missing = folder.appendingPathComponent("missing.png").path
    let broken = try await ProcessRunner.run("imgcache", ["show"] + paths[0..<25] + [missing] + paths[25...] + options)
    #expect(broken.status == 1)
    #expect(broken.stdout == each[0..<25].joined())
    #expect(broken.stderr == "imgcache: cannot read \(missing); check the path\n")
  }
}
