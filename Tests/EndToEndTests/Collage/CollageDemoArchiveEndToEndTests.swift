import Foundation
import ImageCache
import TestSupport
import Testing

/// A demo archive's covers name the demo server its sync read (`http://127.0.0.1:<port>/i/u/…`), gone once that
/// sync ends: a later `collage --user NAME --year Y --demo` asks its own demo server, on another port, for them.
@Suite(
  .serialized, .timeLimit(.minutes(20)),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"))
struct CollageDemoArchiveEndToEndTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("collage-demo-\(UUID().uuidString)")

  var environment: [String: String] {
    [
      "IMGCACHE_DIR": folder.appendingPathComponent("cache").path, "LASTFM_API_KEY": "", "LASTFM_API_BASE": "",
      "TZ": "UTC",
    ]
  }

  var archiveArguments: [String] { ["--archive-dir", folder.appendingPathComponent("history").path] }

  struct Summary: Decodable {
    struct Tile: Decodable {
      var url: String?
      var status: String
      var message: String?
    }
    var drawn: Int
    var failed: Int
    var tiles: [Tile]
  }

  struct Export: Decodable {
    struct Scrobble: Decodable { var cover: String? }
    var scrobbles: [Scrobble]
  }

  @Test func aDemoArchiveSyncedOnAnotherPortStillMakesACollageOfItsCovers() async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    // Given fieldrecorder's archive synced with --demo, its covers then named by a demo server that is gone: the
    // stored addresses are moved onto a port held bound and never listened on, so asking them is refused (the
    // sync's own server may have had the port the collage's server gets, which would prove nothing).
    let sync = try await ProcessRunner.run(
      "imgcache", ["history", "sync", "fieldrecorder", "--demo"] + archiveArguments, environment: environment)
    #expect(sync.status == 0, "stderr: \(sync.stderr)")
    let gone = try RefusingAddress()
    let archive = folder.appendingPathComponent("history/fieldrecorder.sqlite").path
    let moved = try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [
        "-c",
        "import re, sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.create_function('moved', 1, lambda u: u and "
          + "re.sub(r'^http://127\\.0\\.0\\.1:[0-9]+/', 'http://127.0.0.1:' + sys.argv[2] + '/', u)); "
          + "c.execute('UPDATE scrobble SET cover = moved(cover)'); c.commit()",
        archive, String(gone.port),
      ])
    try #require(moved.status == 0, "python3 could not move the stored covers: \(moved.stderr)")
    let export = try await ProcessRunner.run(
      "imgcache", ["history", "export", "fieldrecorder", "--year", "2019", "--json"] + archiveArguments,
      environment: environment)
    #expect(export.status == 0, "stderr: \(export.stderr)")
    let stored = try JSONDecoder().decode(Export.self, from: Data(export.stdout.utf8)).scrobbles.compactMap(\.cover)
    try #require(!stored.isEmpty, "fieldrecorder has covers in 2019")
    #expect(stored.allSatisfy { $0.hasPrefix("http://127.0.0.1:\(gone.port)/i/u/") })

    // When a later process lays out 2019 with a demo server of its own
    let output = folder.appendingPathComponent("2019.png")
    let collage = try await ProcessRunner.run(
      "imgcache",
      ["collage", "--user", "fieldrecorder", "--year", "2019", "--demo", "--grid", "2x2", "--tile", "32", "--json"]
        + ["-o", output.path] + archiveArguments, environment: environment)

    // Then every tile is a cover fetched from that server, and the four covers differ
    #expect(collage.status == 0, "stderr: \(collage.stderr)")
    let summary = try JSONDecoder().decode(Summary.self, from: Data(collage.stdout.utf8))
    #expect(summary.drawn == 4 && summary.failed == 0, "\(summary.tiles.compactMap(\.message))")
    // Every tile asked of one server, the collage's own: not the sync's, whose address the archive kept.
    let collagePorts = Set(summary.tiles.compactMap { $0.url.flatMap(URL.init(string:))?.port })
    #expect(collagePorts.count == 1)
    #expect(!collagePorts.contains(Int(gone.port)), "\(collagePorts)")
    let picture = try PNGDecoder().decode([UInt8](try Data(contentsOf: output)), limits: .default)
    let tiles = (0..<4).map { collageTile(picture, column: $0 % 2, row: $0 / 2, side: 32).pixels }
    #expect(Set(tiles).count == 4)
  }
}
