import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A tmpfs mounted for one test (needs root and a kernel that lets this container mount); nil when not permitted.
final class SmallFilesystem {
  let mountPoint: URL

  init?(size: String, readOnly: Bool = false) {
    mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("imgcache-fs-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    let options = (readOnly ? "ro," : "") + "size=\(size),mode=0755"
    guard mount("tmpfs", mountPoint.path, "tmpfs", 0, options) == 0 else {
      try? FileManager.default.removeItem(at: mountPoint)
      return nil
    }
  }

  deinit {
    umount2(mountPoint.path, Int32(MNT_DETACH))
    try? FileManager.default.removeItem(at: mountPoint)
  }

  /// Whether this process may mount one: tried once, with a throwaway mount. The cases that need it are reported
  /// skipped, with this reason, where it may not.
  static let canMount = SmallFilesystem(size: "64k") != nil
  static let cannotMountReason: Comment = "needs root (and a kernel that lets this container mount) for a small tmpfs"
}

@Suite("imgcache with disk trouble", .serialized, .timeLimit(.minutes(20)))
struct DiskTroubleTests {
  @Test(.enabled(if: SmallFilesystem.canMount, SmallFilesystem.cannotMountReason))
  func fullDiskIsReportedAndKeepsWhatWasCached() async throws {
    let filesystem = try #require(SmallFilesystem(size: "2m"))
    let small = (0..<10).map { TestImages.png($0) }
    let big = (0..<120).map { noisyPNG($0, side: 64) }  // ~16 KB each, ~2 MB in all
    let server = try HTTPTestServer { request in
      let parts = request.path.split(separator: "/")
      guard parts.count == 2, let number = Int(parts[1]) else { return .status(404) }
      let pool = parts[0] == "small" ? small : big
      return pool.indices.contains(number)
        ? .ok(pool[number], headers: ["Cache-Control": "max-age=3600"]) : .status(404)
    }
    defer { server.stop() }
    let arguments = ["--cache-dir", filesystem.mountPoint.appendingPathComponent("cache").path, "--max-disk", "1G"]

    // Given a cache holding ten images
    let smallURLs = small.indices.map { server.url("/small/\($0)") }
    let smallList = try ScratchCache.urlList(smallURLs)
    defer { try? FileManager.default.removeItem(atPath: smallList) }
    await #expect(try CLI.run(["warm", "--urls", smallList] + arguments).status == 0)

    // When a warm needs more than the filesystem has
    let bigList = try ScratchCache.urlList(big.indices.map { server.url("/big/\($0)") })
    defer { try? FileManager.default.removeItem(atPath: bigList) }
    let output = try await CLI.run(["warm", "--urls", bigList, "--concurrency", "4"] + arguments)

    // Then it says so once, plainly, and the cache is still whole
    print("[reliability] disk full warm: status \(output.status)\n\(output.stdout)\(output.stderr)")
    #expect(output.status == 1)
    let diskFullLines = (output.stdout + output.stderr).split(separator: "\n").filter { $0.contains("disk full") }
    #expect(diskFullLines.count == 1)
    #expect(diskFullLines.first?.hasPrefix("failed: disk full while writing the cache at ") == true)
    let verify = try await CLI.run(["verify", "--json"] + arguments)
    let report = try JSONDecoder().decode(VerifyOutput.self, from: Data(verify.stdout.utf8))
    #expect(report.clean, "\(verify.stdout) \(verify.stderr)")
    let listed = try await CLI.run(["ls", "--json"] + arguments)
    let rows = try JSONDecoder().decode([ListRow].self, from: Data(listed.stdout.utf8))
    let keys = Set(rows.map(\.url))
    #expect(smallURLs.allSatisfy { keys.contains($0.absoluteString) })
    // And a get of a cached image still answers from disk.
    let again = try await CLI.run(["get", smallURLs[3].absoluteString] + arguments)
    #expect(again.status == 0 && again.stdout.hasPrefix("disk  PNG 19×19  "), "\(again.stdout) \(again.stderr)")
  }

  @Test(.enabled(if: SmallFilesystem.canMount, SmallFilesystem.cannotMountReason))
  func readOnlyFilesystemIsOneLine() async throws {
    let filesystem = try #require(SmallFilesystem(size: "1m", readOnly: true))
    let folder = filesystem.mountPoint.appendingPathComponent("cache").path
    let output = try await CLI.run(["get", "http://127.0.0.1:9/x.png", "--cache-dir", folder])
    #expect(output.status == 1)
    #expect(
      output.stderrLines == [
        "imgcache: cache folder \(folder) is not writable (Read-only file system); choose another with --cache-dir"
      ])
  }

  @Test func cacheFolderThatIsAFile() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("imgcache-file-\(UUID().uuidString)")
    try Data("x".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    for command in [["stats"], ["verify"], ["get", "http://127.0.0.1:9/x.png"]] {
      let output = try await CLI.run(command + ["--cache-dir", file.path])
      #expect(output.status == 1)
      #expect(
        output.stderrLines == [
          "imgcache: cache folder \(file.path) is not writable (it is a file, not a folder); choose another with --cache-dir"
        ])
    }
    let below = file.appendingPathComponent("cache").path
    let output = try await CLI.run(["stats", "--cache-dir", below])
    #expect(output.status == 1)
    #expect(
      output.stderrLines == [
        "imgcache: cache folder \(below) is not writable (Not a directory); choose another with --cache-dir"
      ])
  }

  @Test func folderIsPrivateAndFilesTooAfterUse() async throws {
    let server = try HTTPTestServer { _ in .ok(TestImages.png(9)) }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let nested = cache.directory.appendingPathComponent("a/b")
    let output = try await CLI.run(["get", server.url("/p.png").absoluteString, "--cache-dir", nested.path])
    #expect(output.status == 0)
    for folder in [cache.directory, cache.directory.appendingPathComponent("a"), nested] {
      #expect(try mode(of: folder) == 0o700, "\(folder.path)")
    }
    let files = ScratchCache.filesBelow(nested)
    #expect(files.contains { $0.lastPathComponent == "cache.sqlite" })
    #expect(files.contains { $0.path.contains("/blobs/") })
    for file in files {
      #expect(try mode(of: file) == 0o600, "\(file.path)")
      #expect(try mode(of: file.deletingLastPathComponent()) == 0o700, "\(file.deletingLastPathComponent().path)")
    }
  }

  /// A cached image whose header rots on disk, its size unchanged, while the server would answer 304: `get` must
  /// not let the 304 confirm it (every later `get` failed with "not a PNG or JPEG image" until `verify --fix`),
  /// but fetch it again without validators, through the lookup (`get`) and through the prefetch probe (`warm`).
  @Test(arguments: ["get", "warm"])
  func rottedCopyIsFetchedAgainNotConfirmed(command: String) async throws {
    let png = TestImages.png(11)
    let server = try HTTPTestServer { request in
      request.header("if-none-match") == "\"v1\""
        ? .status(304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=0"])
        : .ok(png, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=0"])
    }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let url = server.url("/rot.png").absoluteString
    let list = try ScratchCache.urlList([server.url("/rot.png")])
    defer { try? FileManager.default.removeItem(atPath: list) }
    let run = { () async throws -> CLI.Output in
      try await CLI.run((command == "get" ? ["get", url] : ["warm", "--urls", list, "--json"]) + cache.arguments)
    }
    #expect(try await run().status == 0)
    let blob = try #require(ScratchCache.filesBelow(cache.directory).first { $0.path.contains("/blobs/") })
    var bytes = try [UInt8](Data(contentsOf: blob))
    for index in 0..<8 { bytes[index] = 0 }
    try Data(bytes).write(to: blob)

    let repaired = try await run()
    let again = try await run()

    #expect(repaired.status == 0, "\(repaired.stderr)")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(server.requests.map { $0.header("if-none-match") } == [nil, nil, "\"v1\""])
    if command == "get" {
      #expect(repaired.stdout.hasPrefix("network  PNG "), "\(repaired.stdout)")
      #expect(again.stdout.hasPrefix("revalidated  PNG "), "\(again.stdout)")
    }
    await #expect(try cache.verify() == VerifyOutput(checked: 1, broken: [], orphans: 0, fixed: false, clean: true))
  }

  private func mode(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
  }
}
