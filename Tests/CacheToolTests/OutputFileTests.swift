import Foundation
import Testing

@testable import CacheTool
@testable import TerminalUI

/// `OutputFile.write` against what can be at `-o PATH`: each kind keeps what it is, as with `cp` and `curl -o`.
@Suite(.serialized) struct OutputFileTests {
  let folder: URL
  let bytes: [UInt8] = Array("\u{89}PNG\r\n\u{1A}\n pretend image".utf8)

  init() throws {
    _ = signal(SIGPIPE, SIG_IGN)
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("outputfile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
  private func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }
  private func kind(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
  }
  private func leftovers() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(".") }
  }

  @Test func aNewNameIsCreatedWithTheUmasksMode() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try OutputFile.write(bytes, to: path("new.png"))
    #expect(contents(path("new.png")) == bytes)
    let mask = umask(0o022)
    umask(mask)
    let mode = try #require(
      try FileManager.default.attributesOfItem(atPath: path("new.png"))[.posixPermissions] as? Int)
    #expect(mode == Int(0o666 & ~mask))
    #expect(leftovers() == [], "no temporary file is left behind")
  }

  @Test func anExisting0600FileKeepsItsModeAndGetsTheNewBytes() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    // Given a private file
    _ = FileManager.default.createFile(atPath: path("private.png"), contents: Data("old".utf8))
    chmod(path("private.png"), 0o600)
    // When it is written over
    try OutputFile.write(bytes, to: path("private.png"))
    // Then it holds the new bytes and is still 0600
    #expect(contents(path("private.png")) == bytes)
    let mode = try #require(
      try FileManager.default.attributesOfItem(atPath: path("private.png"))[.posixPermissions] as? Int)
    #expect(mode == 0o600)
    #expect(leftovers() == [])
  }

  @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    // Given a link to a file in another folder, by a relative path
    try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path("real/cover.png"), contents: Data("old".utf8))
    try #require(symlink("real/cover.png", path("link.png")) == 0)
    // When the link is the output
    try OutputFile.write(bytes, to: path("link.png"))
    // Then the target has the bytes and the link is still a link to it
    #expect(contents(path("real/cover.png")) == bytes)
    #expect(kind(path("link.png")) == S_IFLNK)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.png")) == "real/cover.png")
  }

  @Test func aDanglingLinkCreatesItsTarget() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try #require(symlink(path("target.png"), path("dangling.png")) == 0)
    try OutputFile.write(bytes, to: path("dangling.png"))
    #expect(contents(path("target.png")) == bytes)
    #expect(kind(path("dangling.png")) == S_IFLNK)
  }

  @Test func aLinkLoopIsOneLine() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try #require(symlink("b", path("a")) == 0)
    try #require(symlink("a", path("b")) == 0)
    let failure = try #require(throws: CommandFailure.self) { try OutputFile.write(bytes, to: path("a")) }
    #expect(failure.description.contains("symbolic links go round in a circle"))
  }

  @Test func aFolderIsOneClearErrorAndStaysUntouched() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(atPath: path("dir"), withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path("dir/keep"), contents: Data("keep".utf8))
    let failure = try #require(throws: CommandFailure.self) { try OutputFile.write(bytes, to: path("dir")) }
    #expect(
      failure.description
        == "cannot write \(path("dir")): it is a folder; give a file name, such as \(path("dir"))/image.png")
    #expect(kind(path("dir")) == S_IFDIR)
    #expect(try FileManager.default.contentsOfDirectory(atPath: path("dir")) == ["keep"])
  }

  @Test func aMissingFolderSaysSo() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let failure = try #require(throws: CommandFailure.self) { try OutputFile.write(bytes, to: path("no/such.png")) }
    #expect(failure.description == "cannot write \(path("no/such.png")): the folder does not exist")
  }

  @Test func aFIFOIsWrittenIntoAndStaysAFIFO() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = path("pipe")
    try #require(mkfifo(fifo, 0o600) == 0)
    // A reader that opens the FIFO (which lets the writer's open return) and reads to end of file.
    let reader = Task.detached { () -> [UInt8] in
      let descriptor = open(fifo, O_RDONLY)
      guard descriptor >= 0 else { return [] }
      defer { close(descriptor) }
      var received: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        received += buffer.prefix(count)
      }
      return received
    }
    try OutputFile.write(bytes, to: fifo)
    #expect(await reader.value == bytes)
    #expect(kind(fifo) == S_IFIFO)
  }

  /// A copy of a device made with mknod, so the test never writes over the machine's own /dev nodes.
  private func deviceNode(_ name: String, major: UInt32, minor: UInt32) throws -> String {
    let node = path(name)
    try #require(
      mknod(node, S_IFCHR | 0o666, deviceNumber(major, minor)) == 0, "mknod: \(String(cString: strerror(errno)))")
    return node
  }

  static let makesDevices = getuid() == 0

  @Test(.enabled(if: makesDevices, "making a device node needs root"))
  func aNullDeviceIsWrittenIntoAndStaysADevice() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let null = try deviceNode("null", major: 1, minor: 3)
    try OutputFile.write(bytes, to: null)
    #expect(kind(null) == S_IFCHR)
  }

  @Test(.enabled(if: makesDevices, "making a device node needs root"))
  func aFullDeviceIsAWriteFailureAndStaysADevice() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let full = try deviceNode("full", major: 1, minor: 7)
    let failure = try #require(throws: OutputFailure.self) { try OutputFile.write(bytes, to: full) }
    #expect(failure.errorNumber == ENOSPC)
    #expect(failure.description == "cannot write to \(full): no space left on device; free some space and run again")
    #expect(kind(full) == S_IFCHR)
    #expect(leftovers() == [])
  }
}

/// Linux's `makedev` for small numbers (major below 4096, minor below 256); the C macro is not visible to Swift.
private func deviceNumber(_ major: UInt32, _ minor: UInt32) -> dev_t { dev_t(major << 8 | minor) }
