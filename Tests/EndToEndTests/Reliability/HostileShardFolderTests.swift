import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A link or a pipe where a shard folder (`blobs/ab`) should be, through the built `imgcache`: `get` never reads or
/// writes through it (and says so in one line), `verify` reports it in one clean line and fails, `verify --fix`
/// removes it (not its target), and the next `get` makes a real folder.
@Suite("imgcache with a link or a pipe in place of a shard folder", .serialized, .timeLimit(.minutes(20)))
struct HostileShardFolderTests {
  enum Stray: String {
    case linkToAFolderOutside
    case pipe
  }

  /// What `verify --json` says of stray shard folders.
  struct StrayOutput: Decodable {
    var notFolders: [String]
    var clean: Bool
    var fixed: Bool
  }

  static func kind(_ path: String) -> mode_t? {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
  }

  @Test(arguments: [Stray.linkToAFolderOutside, .pipe])
  func aStrayShardIsNeverFollowedIsReportedAndIsRemovedByFix(stray: Stray) async throws {
    let server = try HostileCacheTests.makeServer()
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: outside) }
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    let url = server.url("/3")
    try await HostileCacheTests.warm([url], cache)
    let blobs = cache.directory.appendingPathComponent("blobs")
    let shard = try #require(ScratchCache.filesBelow(blobs).first).deletingLastPathComponent()

    // Given the shard folder moved outside the cache and linked to, or a pipe in its place
    switch stray {
    case .linkToAFolderOutside:
      try FileManager.default.moveItem(at: shard, to: outside.appendingPathComponent("moved"))
      try FileManager.default.createSymbolicLink(at: shard, withDestinationURL: outside.appendingPathComponent("moved"))
    case .pipe:
      try FileManager.default.removeItem(at: shard)
      try #require(mkfifo(shard.path, 0o600) == 0)
    }
    // and a pipe named with terminal controls beside it
    let hostileName = "x\u{1B}]0;owned\u{07}\u{1B}[2J"
    try #require(mkfifo(blobs.appendingPathComponent(hostileName).path, 0o600) == 0)
    let outsideBefore = ScratchCache.filesBelow(outside).map(\.path).sorted()

    // verify: one clean line for each, and failure
    let verify = try await CLI.start(["verify"] + cache.arguments).wait()
    #expect(!verify.signalled && verify.status == 1, "\(verify.stderr)")
    let reported = verify.stdout.split(separator: "\n").filter { $0.hasPrefix("not a folder (") }
    #expect(reported.count == 2, "\(verify.stdout)")
    #expect(reported.contains { $0.hasSuffix(": blobs/" + shard.lastPathComponent) }, "\(verify.stdout)")
    #expect(!verify.stdout.contains("\u{1B}") && !verify.stdout.contains("\u{07}"), "\(verify.stdout)")
    let json = try await CLI.start(["verify", "--json"] + cache.arguments).wait()
    let found = try JSONDecoder().decode(StrayOutput.self, from: Data(json.stdout.utf8))
    #expect(found.notFolders.sorted() == ["blobs/" + hostileName, "blobs/" + shard.lastPathComponent].sorted())
    #expect(!found.clean)

    // get: a miss, fetched again, and its write refused in one line rather than made through the link
    let get = try await CLI.start(["get", url.absoluteString] + cache.arguments).wait()
    #expect(!get.signalled && get.status == 1, "\(get.stderr)")
    #expect(
      get.stderrLines == [
        "imgcache: cache I/O error: \(shard.path) is not a folder (a link, a pipe or a device in its place); "
          + "`imgcache verify --fix` removes it"
      ], "\(get.stderr)")
    #expect(ScratchCache.filesBelow(outside).map(\.path).sorted() == outsideBefore)

    // verify --fix removes both entries themselves, never what the link points to
    let fix = try await CLI.start(["verify", "--fix", "--json"] + cache.arguments).wait()
    #expect(fix.status == 0, "\(fix.stderr)")
    let fixed = try JSONDecoder().decode(StrayOutput.self, from: Data(fix.stdout.utf8))
    #expect(fixed.fixed && fixed.notFolders.count == 2)
    #expect(Self.kind(shard.path) == nil)
    #expect(Self.kind(blobs.appendingPathComponent(hostileName).path) == nil)
    #expect(ScratchCache.filesBelow(outside).map(\.path).sorted() == outsideBefore)

    // and the next get stores the image in a real shard folder
    let again = try await CLI.run(["get", url.absoluteString] + cache.arguments)
    #expect(again.status == 0 && again.stdout.hasPrefix("network "), "\(again.stderr)")
    #expect(Self.kind(shard.path) == S_IFDIR)
    await #expect(try cache.verify() == VerifyOutput(checked: 1, broken: [], orphans: 0, fixed: false, clean: true))
  }
}
