import Foundation
import ImageCache
import ImageEncoding
import TestSupport
import Testing

/// `imgcache show --graphics …` as built, its standard output read back as a terminal would.
@Suite(
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"),
  .timeLimit(.minutes(20)))
struct ShowGraphicsEndToEndTests {
  /// No hints from the terminal the tests happen to run in; output is a pipe, so cells are the 10×20 fallback.
  private let environment = ["TMUX": "", "IMGCACHE_GRAPHICS": "", "TERM": "xterm-256color", "KITTY_WINDOW_ID": ""]
  private let source = TestPictures.smooth(width: 480, height: 240)

  private func show(_ graphics: String) async throws -> [UInt8] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("show-\(UUID().uuidString).png")
    try Data(PNGEncoder.encode(source)).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try await ProcessRunner.run(
      "imgcache", ["show", "--graphics", graphics, "--size", "24x6", file.path], environment: environment)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stderr.isEmpty)
    let bytes = Array(result.stdout.utf8)
    // Room made first, the picture drawn from its top-left, the cursor left below it.
    #expect(bytes.starts(with: Array("\n\n\n\n\n\n\u{1B}[6A\r".utf8)))
    #expect(bytes.suffix(4) == Array("\u{1B}[6B".utf8))
    return bytes
  }

  @Test func kittyOutputDecodesToThePicture() async throws {
    let commands = ProtocolDecoding.kittyCommands(try await show("kitty"))
    #expect(commands.first?.keys["c"] == "24" && commands.first?.keys["r"] == "6")
    let picture = try ProtocolDecoding.kittyPicture(commands)
    #expect(picture.width == 240 && picture.height == 120)
    #expect(ProtocolDecoding.psnr(picture, TestPictures.boxShrunk(source, by: 2)) > 45)
  }

  @Test func itermOutputDecodesToThePicture() async throws {
    let (arguments, picture) = try ProtocolDecoding.itermImage(try await show("iterm"))
    #expect(arguments == "inline=1;width=24;height=6;preserveAspectRatio=1")
    #expect(ProtocolDecoding.psnr(picture, TestPictures.boxShrunk(source, by: 2)) > 45)
  }

  @Test func sixelOutputDecodesToThePicture() async throws {
    let picture = try ProtocolDecoding.sixelPicture(try await show("sixel"))
    #expect(picture.width == 240 && picture.height == 120)
    #expect(ProtocolDecoding.psnr(picture, TestPictures.boxShrunk(source, by: 2)) > 25)
  }

  @Test func autoIntoAPipeWritesNoGraphicsEscapes() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("show-\(UUID().uuidString).png")
    try Data(PNGEncoder.encode(source)).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    var environment = self.environment
    environment["KITTY_WINDOW_ID"] = "1"  // even where the terminal would draw kitty pictures
    let result = try await ProcessRunner.run(
      "imgcache", ["show", "--size", "24x6", file.path], environment: environment)
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}_G") && !result.stdout.contains("\u{1B}P"))
    #expect(result.stdout.split(separator: "\n").count == 6)
  }

  @Test func anUnknownChoiceIsOneClearLine() async throws {
    let result = try await ProcessRunner.run(
      "imgcache", ["show", "--graphics", "pictures", "x.png"], environment: environment)
    #expect(result.status != 0)
    #expect(result.stderr.contains("pictures"))
  }
}
