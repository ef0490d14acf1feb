import Foundation
import ImageCache
import ImageEncoding
import TestSupport
import Testing

/// `imgcache collage --user NAME --year Y` (and `--month`, `--from/--to`): a range's top albums from the listener's
/// archive, else from that window's scrobbles fetched from the API, and a range never with `--period`.
@Suite(
  .serialized, .timeLimit(.minutes(20)),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"))
struct CollageRangeEndToEndTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("collage-range-\(UUID().uuidString)")

  var environment: [String: String] {
    [
      "IMGCACHE_DIR": folder.appendingPathComponent("cache").path, "LASTFM_API_KEY": "", "LASTFM_API_BASE": "",
      "TZ": "UTC",
    ]
  }

  static let june2019: Int64 = 1_559_347_200
  static let june2020: Int64 = 1_590_969_600

  func tileURLs(_ stdout: String) throws -> [String?] {
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    let tiles = try #require(summary["tiles"] as? [[String: Any]])
    return tiles.map { $0["url"] as? String }
  }

  @Test func aYearsCollageLaysOutThatYearsTopAlbumsFromTheArchive() async throws {
    try #require(JSONSchemaValidator.isAvailable, "needs python3's jsonschema: run scripts/install-deps")
    let cover = try PNGEncoder.encode(
      ImageBitmap(width: 8, height: 8, pixels: [UInt8](repeating: 200, count: 8 * 8 * 4)))
    let server = try HTTPTestServer { _ in .ok(cover) }
    defer { server.stop() }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let archive = try ScratchArchive(listener: "ada")
    defer { archive.remove() }
    // Given 2019: Blue 5 plays, Red 3, Green 1 (and a play without an album); 2020: Green 10
    func plays(_ count: Int, album: String, at start: Int64, cover: String?) -> [ScratchArchive.Play] {
      (0..<count).map {
        ScratchArchive.Play(start + Int64($0) * 60, "Band", album: album, cover: cover)
      }
    }
    let blue = server.url("/blue.png").absoluteString
    let red = server.url("/red.png").absoluteString
    let green = server.url("/green.png").absoluteString
    try archive.add(
      plays(5, album: "Blue", at: Self.june2019, cover: blue)
        + plays(3, album: "Red", at: Self.june2019 + 1, cover: red)
        + plays(1, album: "Green", at: Self.june2019 + 2, cover: green)
        + plays(1, album: "", at: Self.june2019 + 3, cover: nil)
        + plays(10, album: "Green", at: Self.june2020, cover: green))

    // When 2019 is laid out with captions
    let output = folder.appendingPathComponent("2019.png")
    let result = try await ProcessRunner.run(
      "imgcache",
      ["collage", "--user", "ada", "--year", "2019", "--grid", "2x2", "--tile", "24", "--captions", "--json"]
        + ["-o", output.path] + archive.arguments, environment: environment)

    // Then the tiles are 2019's albums by plays, the fourth is missing, and the note names the archive
    #expect(result.status == 1, "stderr: \(result.stderr)")
    #expect(try tileURLs(result.stdout) == [blue, red, green, nil])
    let problems = try JSONSchemaValidator.problems(
      in: result.stdout, schema: JSONSchemaValidator.schema("imgcache-collage"))
    #expect(problems == [], "\(result.stdout)")
    #expect(result.stderr.hasPrefix("ada's top albums (2019-01-01 to 2019-12-31): 3 covers, from the archive "))
    #expect(FileManager.default.fileExists(atPath: output.path))

    // And 2020 alone holds Green only
    let later = try await ProcessRunner.run(
      "imgcache",
      ["collage", "--user", "ada", "--from", "2020", "--grid", "1x1", "--tile", "24", "--json", "-o", output.path]
        + archive.arguments, environment: environment)
    #expect(later.status == 0, "stderr: \(later.stderr)")
    #expect(try tileURLs(later.stdout) == [green])

    // And warm takes the same range: 2019's three covers
    let warm = try await ProcessRunner.run(
      "imgcache", ["warm", "--user", "ada", "--year", "2019", "--json"] + archive.arguments, environment: environment)
    #expect(warm.status == 0, "stderr: \(warm.stderr)")
    #expect(warm.stderr.hasPrefix("ada's top albums (2019-01-01 to 2019-12-31): 3 covers, from the archive "))
    let report = try #require(try JSONSerialization.jsonObject(with: Data(warm.stdout.utf8)) as? [String: Any])
    #expect(report["total"] as? Int == 3)
  }

  @Test func withoutAnArchiveTheWindowComesFromTheAPIAndSaysSo() async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let empty = folder.appendingPathComponent("no-archives").path
    let result = try await ProcessRunner.run(
      "imgcache",
      ["collage", "--user", "nightjar_radio", "--month", "2026-10", "--grid", "2x1", "--tile", "24", "--json"]
        + ["-o", folder.appendingPathComponent("m.png").path, "--archive-dir", empty], environment: environment)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stderr.hasPrefix("nightjar_radio's top albums (2026-10-01 to 2026-10-31): 2 covers, counted in "))
    #expect(result.stderr.contains("fetched from the API (demo catalog"))
    #expect(result.stderr.contains("no archive of nightjar_radio: `imgcache history sync nightjar_radio` keeps one"))
    #expect(try tileURLs(result.stdout).compactMap { $0 }.count == 2)
    // Nothing is created where the archives would be.
    #expect(!FileManager.default.fileExists(atPath: empty))
  }

  @Test func aRangeGoesWithAUserAndNeverWithAPeriod() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("x.png").path
    let period = try await ProcessRunner.run(
      "imgcache",
      ["collage", "--user", "nightjar_radio", "--period", "7day", "--year", "2019", "--grid", "2x2", "-o", output],
      environment: environment)
    #expect(period.status == 1)
    #expect(period.stderr == "imgcache: --period and --year/--month/--from/--to exclude each other: give one\n")
    let tag = try await ProcessRunner.run(
      "imgcache", ["warm", "--tag", "pop", "--month", "2019-03"], environment: environment)
    #expect(tag.status == 1)
    #expect(tag.stderr == "imgcache: --year, --month and --from/--to go with --user NAME\n")
    let badYear = try await ProcessRunner.run(
      "imgcache", ["collage", "--user", "ada", "--year", "19x", "--grid", "2x2", "-o", output],
      environment: environment)
    #expect(badYear.status == 1)
    #expect(badYear.stderr == "imgcache: --year: expected a year such as 2019, got \"19x\"\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
