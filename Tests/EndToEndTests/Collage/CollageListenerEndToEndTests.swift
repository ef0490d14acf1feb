import Foundation
import ImageCache
import TestSupport
import Testing

/// `imgcache collage --user NAME` / `--tag NAME`: a listener's or a tag's top albums as one PNG, from the demo
/// catalog through the same planner as `warm --user` / `--tag`.
@Suite(
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"),
  .timeLimit(.minutes(20)))
struct CollageListenerEndToEndTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("collage-user-\(UUID().uuidString)")

  var environment: [String: String] {
    ["IMGCACHE_DIR": folder.appendingPathComponent("cache").path, "LASTFM_API_KEY": "", "LASTFM_API_BASE": ""]
  }

  struct Summary: Decodable {
    var width: Int
    var height: Int
    var tileCount: Int
    var drawn: Int
    var failed: Int
    var missing: Int
  }

  @Test func aListenersTopAlbumsOfAPeriodAndATagsBecomeCollages() async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let month = folder.appendingPathComponent("month.png")
    let shoegaze = folder.appendingPathComponent("shoegaze.png")

    // Given the demo catalog; When a listener's month and a tag are laid out
    let user = try await ProcessRunner.run(
      "imgcache",
      ["collage", "--user", "nightjar_radio", "--period", "1month", "--grid", "2x2", "--tile", "32", "-o", month.path]
        + ["--json"], environment: environment)
    let tag = try await ProcessRunner.run(
      "imgcache", ["collage", "--tag", "shoegaze", "--grid", "3x1", "--tile", "24", "-o", shoegaze.path, "--json"],
      environment: environment)

    // Then every tile is a cover, the note names what was planned, and the PNGs hold four and three covers
    #expect(user.status == 0, "stderr: \(user.stderr)")
    let userSummary = try JSONDecoder().decode(Summary.self, from: Data(user.stdout.utf8))
    #expect(userSummary.drawn == 4 && userSummary.failed == 0 && userSummary.missing == 0)
    #expect(user.stderr.hasPrefix("nightjar_radio's top albums (last month): 4 covers, from the demo catalog"))
    let picture = try PNGDecoder().decode([UInt8](try Data(contentsOf: month)), limits: .default)
    #expect(picture.width == 64 && picture.height == 64)
    // Four different albums: no two tiles alike.
    let tiles = (0..<4).map { collageTile(picture, column: $0 % 2, row: $0 / 2, side: 32).pixels }
    #expect(Set(tiles).count == 4)

    #expect(tag.status == 0, "stderr: \(tag.stderr)")
    let tagSummary = try JSONDecoder().decode(Summary.self, from: Data(tag.stdout.utf8))
    #expect(tagSummary.drawn == 3 && tagSummary.width == 72 && tagSummary.height == 24)
    #expect(tag.stderr.hasPrefix("the tag shoegaze's top albums: 3 covers, from the demo catalog"))
  }

  @Test func oneSourceAtATimeAndThePeriodOnlyWithAUser() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("x.png").path
    let both = try await ProcessRunner.run(
      "imgcache", ["collage", "--user", "nightjar_radio", "--tag", "pop", "--grid", "2x2", "-o", output],
      environment: environment)
    #expect(both.status == 1)
    #expect(both.stderr == "imgcache: give one of an artist, --urls, --user or --tag\n")
    let period = try await ProcessRunner.run(
      "imgcache", ["collage", "--tag", "pop", "--period", "7day", "--grid", "2x2", "-o", output],
      environment: environment)
    #expect(period.status == 1)
    #expect(period.stderr == "imgcache: --period goes with --user\n")
    let unknown = try await ProcessRunner.run(
      "imgcache", ["collage", "--user", "ghost", "--grid", "2x2", "-o", output], environment: environment)
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "imgcache: the demo catalog has no user \"ghost\"; check the spelling\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
