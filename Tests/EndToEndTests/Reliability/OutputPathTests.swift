import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `imgcache get URL -o PATH` with the built binary, for what can be at PATH: the bytes go where `cp` and
/// `curl -o` would put them, and whatever PATH is stays what it was (a link a link, a FIFO a FIFO, a device a
/// device, a file's mode its mode).
@Suite(
  "get -o PATH", .serialized, .timeLimit(.minutes(20)),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"))
struct OutputPathTests {
  static let image = TestImages.png(5, side: 24)
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("get-o-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
  private func kind(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
  }

  /// Runs `get` for a served PNG with `-o output`.
  private func get(_ output: String, cache: ScratchCache) async throws -> CLI.Output {
    let server = try HTTPTestServer { _ in .ok(Self.image) }
    defer { server.stop() }
    return try await CLI.run(["get", server.url("/cover.png").absoluteString, "-o", output] + cache.arguments)
  }

  @Test func aSymbolicLinkGetsTheBytesAtItsTargetAndStaysALink() async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = FileManager.default.createFile(atPath: path("target.png"), contents: Data("old".utf8))
    try #require(symlink("target.png", path("link.png")) == 0)
    let result = try await get(path("link.png"), cache: cache)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.contents(atPath: path("target.png")).map { [UInt8]($0) } == Self.image)
    #expect(kind(path("link.png")) == S_IFLNK)
  }

  @Test func aFIFOWithAReaderGetsThePNGAndStaysAFIFO() async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = path("pipe")
    try #require(mkfifo(fifo, 0o600) == 0)
    let server = try HTTPTestServer { _ in .ok(Self.image) }
    defer { server.stop() }
    // When get writes into the FIFO while this test reads it (opened non-blocking, so nothing waits without end)
    let running = try CLI.start(["get", server.url("/cover.png").absoluteString, "-o", fifo] + cache.arguments)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = ContinuousClock.now + hangTimeout
    while ContinuousClock.now < deadline {
      let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
      if count > 0 {
        received += buffer.prefix(count)
      } else if count == 0 && !running.process.isRunning {
        break  // the writer is gone and everything it wrote has been read
      } else {
        try await Task.sleep(for: .milliseconds(5))  // a sleeping task, not a blocked cooperative thread
      }
    }
    let result = await running.wait()
    // Then the reader has the PNG's bytes and the FIFO is still a FIFO
    #expect(result.status == 0, "\(result.stderr)")
    #expect(received == Self.image)
    #expect(kind(fifo) == S_IFIFO)
  }

  @Test func anExisting0600FileKeepsItsModeWithTheNewContent() async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = FileManager.default.createFile(atPath: path("private.png"), contents: Data("old".utf8))
    chmod(path("private.png"), 0o600)
    let result = try await get(path("private.png"), cache: cache)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.contents(atPath: path("private.png")).map { [UInt8]($0) } == Self.image)
    let mode = try FileManager.default.attributesOfItem(atPath: path("private.png"))[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func aFolderIsOneLineAndANonZeroExitAndStaysUntouched() async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(atPath: path("covers"), withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path("covers/keep.txt"), contents: Data("keep".utf8))
    let result = try await get(path("covers"), cache: cache)
    #expect(result.status == 1)
    #expect(
      result.stderrLines == [
        "imgcache: cannot write \(path("covers")): it is a folder; give a file name, such as \(path("covers"))/image.png"
      ])
    #expect(result.stdout == "")
    #expect(kind(path("covers")) == S_IFDIR)
    #expect(try FileManager.default.contentsOfDirectory(atPath: path("covers")) == ["keep.txt"])
  }

  @Test func devStdoutCarriesTheBytesAndTheSummaryMovesToStderr() async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try HTTPTestServer { _ in .ok(Self.image) }
    defer { server.stop() }
    // stdout is a file read back as bytes: a String would mangle the PNG.
    let outFile = path("stdout"), errFile = path("stderr")
    _ = FileManager.default.createFile(atPath: outFile, contents: nil)
    _ = FileManager.default.createFile(atPath: errFile, contents: nil)
    let outHandle = try #require(FileHandle(forWritingAtPath: outFile))
    let errHandle = try #require(FileHandle(forWritingAtPath: errFile))
    let process = try ChildProcess(
      ProcessRunner.executable("imgcache"),
      ["get", server.url("/cover.png").absoluteString, "-o", "/dev/stdout"] + cache.arguments,
      stdout: .descriptor(outHandle.fileDescriptor), stderr: .descriptor(errHandle.fileDescriptor))
    await process.ended()
    #expect(process.terminationStatus == 0)
    #expect(FileManager.default.contents(atPath: outFile).map { [UInt8]($0) } == Self.image)
    let stderr = (FileManager.default.contents(atPath: errFile)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    #expect(stderr.hasPrefix("network  PNG"), "the summary line, out of the image's way")
    #expect(kind(outFile) == S_IFREG)
  }

  static let makesDevices = getuid() == 0

  /// Copies of /dev/null and /dev/full made with mknod inside the test's folder: the machine's own nodes are never
  /// the target, whatever the code under test does.
  @Test(.enabled(if: makesDevices, "making a device node needs root"), arguments: [(3, 0), (7, 74)])
  func aCharacterDeviceIsWrittenIntoAndStaysADevice(minor: UInt32, status: Int32) async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    defer { try? FileManager.default.removeItem(at: folder) }
    let node = path("device")
    try #require(mknod(node, S_IFCHR | 0o666, deviceNumber(1, minor)) == 0)
    let result = try await get(node, cache: cache)
    #expect(result.status == status, "\(result.stderr)")
    if status != 0 {
      #expect(
        result.stderrLines == [
          "imgcache: cannot write to \(node): no space left on device; free some space and run again"
        ])
    }
    var after = stat()
    #expect(lstat(node, &after) == 0)
    #expect(after.st_mode & S_IFMT == S_IFCHR)
    #expect(after.st_rdev == deviceNumber(1, minor))
  }
}

/// Linux's `makedev` for small numbers (major below 4096, minor below 256); the C macro is not visible to Swift.
private func deviceNumber(_ major: UInt32, _ minor: UInt32) -> dev_t { dev_t(major << 8 | minor) }
