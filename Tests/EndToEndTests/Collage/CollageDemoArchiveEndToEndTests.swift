import Foundation
import ImageCache
import TestSupport
import Testing

/// A demo archive's covers name the demo server its sync read (`http://127.0.0.1:<port>/i/u/…`), gone once that
/// sync ends: a later `collage --user NAME --year Y --demo` asks its own demo server, on another port, for them.
@Suite(
  .serialized, .timeLimit(.minutes(10)),
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

    // Given fieldrecorder's archive synced with --demo. The demo servers' first-choice port is held through both
    // runs, so each server takes an ephemeral port of its own (another program holding it does the same).
    let holder = PreferredPortHolder()
    defer { holder.release() }
    let sync = try await ProcessRunner.run(
      "imgcache", ["history", "sync", "fieldrecorder", "--demo"] + archiveArguments, environment: environment)
    #expect(sync.status == 0, "stderr: \(sync.stderr)")
    let export = try await ProcessRunner.run(
      "imgcache", ["history", "export", "fieldrecorder", "--year", "2019", "--json"] + archiveArguments,
      environment: environment)
    #expect(export.status == 0, "stderr: \(export.stderr)")
    let stored = try JSONDecoder().decode(Export.self, from: Data(export.stdout.utf8)).scrobbles.compactMap(\.cover)
    let syncPorts = Set(stored.compactMap { URL(string: $0)?.port })
    try #require(!stored.isEmpty && syncPorts.count == 1, "the 2019 covers name one demo server: \(syncPorts)")
    #expect(stored.allSatisfy { $0.hasPrefix("http://127.0.0.1:") && $0.contains("/i/u/") })

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
    #expect(collagePorts.isDisjoint(with: syncPorts) || syncPorts == [47_380], "\(collagePorts) \(syncPorts)")
    let picture = try PNGDecoder().decode([UInt8](try Data(contentsOf: output)), limits: .default)
    let tiles = (0..<4).map { collageTile(picture, column: $0 % 2, row: $0 / 2, side: 32).pixels }
    #expect(Set(tiles).count == 4)
  }
}

/// Holds 127.0.0.1:47380 (the demo server's first choice) while it lives, so a demo server started meanwhile takes
/// an ephemeral port. Taken already by someone else, it holds nothing: the port is busy either way.
private final class PreferredPortHolder {
  private var fd: Int32

  init() {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(47_380).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    if fd >= 0, bound != 0 || listen(fd, 1) != 0 { release() }
  }

  func release() {
    if fd >= 0 { close(fd) }
    fd = -1
  }

  deinit { release() }
}
