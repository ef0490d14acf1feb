import Foundation
import ImageCache
import ImageEncoding
import TestSupport
import Testing

/// `imgcache collage --urls` as a user runs it: the built binary against a local server, the PNG it writes
/// decoded and compared tile by tile with the sources scaled the same way.
@Suite(
  .serialized, .timeLimit(.minutes(20)),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"))
struct CollageEndToEndTests {
  static let tile = 40
  /// Larger than a tile (shrunk 2:1), smaller (enlarged), and wide (its centre cropped).
  static let sources: [String: ImageBitmap] = [
    "/big.png": gradient(width: 80, height: 80, seed: 1),
    "/small.png": gradient(width: 20, height: 20, seed: 2),
    "/wide.png": gradient(width: 120, height: 60, seed: 3),
  ]

  static func gradient(width: Int, height: Int, seed: Int) -> ImageBitmap {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        pixels += [UInt8((x * 255) / max(1, width - 1)), UInt8((y * 255) / max(1, height - 1)), UInt8(seed * 60), 255]
      }
    }
    return ImageBitmap(width: width, height: height, pixels: pixels)
  }

  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("collage-\(UUID().uuidString)")

  func serve() throws -> HTTPTestServer {
    let files = Self.sources.mapValues { try! PNGEncoder.encode($0) }
    return try HTTPTestServer { request in
      files[request.target].map { .ok($0) } ?? .status(404)
    }
  }

  func run(_ lines: [String], grid: String, output: URL, json: Bool = false) async throws -> CLI.Output {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let list = folder.appendingPathComponent("urls.txt")
    try Data(lines.joined(separator: "\n").utf8).write(to: list)
    let cache = folder.appendingPathComponent("cache").path
    return try await CLI.run(
      [
        "collage", "--urls", list.path, "--grid", grid, "--tile", "\(Self.tile)", "-o", output.path, "--cache-dir",
        cache,
      ]
        + (json ? ["--json"] : []))
  }

  func psnr(_ a: ImageBitmap, _ b: ImageBitmap) -> Double {
    var squared = 0.0
    for index in a.pixels.indices where index % 4 != 3 {
      let difference = Double(a.pixels[index]) - Double(b.pixels[index])
      squared += difference * difference
    }
    let mean = squared / Double(a.width * a.height * 3)
    return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
  }

  func crop(_ bitmap: ImageBitmap, column: Int, row: Int) -> ImageBitmap {
    collageTile(bitmap, column: column, row: row, side: Self.tile)
  }

  @Test func everyTileIsItsCoverScaledToFillAndFailuresAreNeutralTiles() async throws {
    // Given a list of three covers, a 404, a line that is not a URL, and the first cover again
    let server = try serve()
    defer { server.stop() }
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines =
      ["/big.png", "/small.png", "/wide.png", "/missing.png"].map { server.url($0).absoluteString }
      + ["not a url", server.url("/big.png").absoluteString]
    let output = folder.appendingPathComponent("wall.png")
    // When a 3 × 2 collage is made
    let result = try await run(lines, grid: "3x2", output: output)
    // Then it says 4 of 6 tiles are covers and exits 1
    #expect(result.status == 1, "stderr: \(result.stderr)")
    #expect(result.stdout.contains("4 of 6 tiles are covers (2 failed)"), "\(result.stdout)")
    // And the PNG is 3 × 2 tiles, each cover tile its source scaled the same way (fill, centre kept)
    let collage = try PNGDecoder().decode([UInt8](try Data(contentsOf: output)), limits: .default)
    #expect(collage.width == 3 * Self.tile && collage.height == 2 * Self.tile)
    let fill = ImageProcessors.Resize(size: Self.tile, contentMode: .fill, upscale: true)
    for (index, path) in [(0, "/big.png"), (1, "/small.png"), (2, "/wide.png"), (5, "/big.png")] {
      let expected = try fill.process(Self.sources[path]!)
      let actual = crop(collage, column: index % 3, row: index / 3)
      #expect(psnr(actual, expected) > 45, "tile \(index) (\(path))")
    }
    // And the 2:1 shrink is the area average of the source, whatever the scaler (an independent check)
    let big = Self.sources["/big.png"]!
    var averaged: [UInt8] = []
    for y in 0..<Self.tile {
      for x in 0..<Self.tile {
        for channel in 0..<4 {
          let sum = [(0, 0), (1, 0), (0, 1), (1, 1)].map { dx, dy in
            Int(big.pixels[((2 * y + dy) * big.width + 2 * x + dx) * 4 + channel])
          }.reduce(0, +)
          averaged.append(UInt8((sum + 2) / 4))
        }
      }
    }
    #expect(psnr(crop(collage, column: 0, row: 0), ImageBitmap(width: 40, height: 40, pixels: averaged)) > 40)
    // And the failed tiles are one neutral grey
    for index in [3, 4] {
      let pixels = crop(collage, column: index % 3, row: index / 3).pixels
      #expect(
        stride(from: 0, to: pixels.count, by: 4).allSatisfy {
          pixels[$0..<($0 + 4)].elementsEqual([0x3A, 0x3A, 0x3A, 255])
        })
    }
  }

  @Test func theJSONSummaryMatchesItsSchemaAndListsEveryTile() async throws {
    try #require(JSONSchemaValidator.isAvailable, "needs python3's jsonschema: run scripts/install-deps")
    let server = try serve()
    defer { server.stop() }
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = ["/big.png", "/missing.png"].map { server.url($0).absoluteString }
    let result = try await run(lines, grid: "2x2", output: folder.appendingPathComponent("c.png"), json: true)
    #expect(result.status == 1)
    let problems = try JSONSchemaValidator.problems(
      in: result.stdout, schema: JSONSchemaValidator.schema("imgcache-collage"))
    #expect(problems == [], "\(result.stdout)")
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let tiles = try #require(summary["tiles"] as? [[String: Any]])
    #expect(tiles.map { $0["status"] as? String } == ["drawn", "failed", "missing", "missing"])
    #expect(tiles.map { $0["column"] as? Int } == [0, 1, 0, 1])
    #expect(tiles.map { $0["row"] as? Int } == [0, 0, 1, 1])
    #expect(tiles[0]["url"] as? String == server.url("/big.png").absoluteString)
    #expect(summary["drawn"] as? Int == 1)
  }

  @Test func anExistingFileIsReplacedWholeAndKeptWhenNothingCouldBeDrawn() async throws {
    let server = try serve()
    defer { server.stop() }
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // Given an existing output, reached through a symbolic link
    let target = folder.appendingPathComponent("target.png")
    let link = folder.appendingPathComponent("link.png")
    try Data("old".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    // When no cover can be drawn
    let none = try await run([server.url("/missing.png").absoluteString], grid: "1x1", output: link)
    // Then the exit status is 2 and the old file is untouched
    #expect(none.status == 2)
    #expect(none.stdout.contains("nothing written"))
    #expect(try Data(contentsOf: target) == Data("old".utf8))
    // When a collage is made
    let made = try await run([server.url("/big.png").absoluteString], grid: "1x1", output: link)
    // Then it replaced the link's target whole, the link is still a link, and no temporary file is left
    #expect(made.status == 0, "stderr: \(made.stderr)")
    let written = try PNGDecoder().decode([UInt8](try Data(contentsOf: target)), limits: .default)
    #expect(written.width == Self.tile)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }
    #expect(left.isEmpty)
  }

  @Test func aBadGridIsOneClearLine() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await run(
      ["https://example.invalid/a.png"], grid: "0x3", output: folder.appendingPathComponent("x.png"))
    #expect(result.status == 1)
    #expect(
      result.stderrLines == ["imgcache: --grid: expected COLUMNSxROWS from 1x1 to 50x50, such as 5x5, got \"0x3\""])
  }
}
