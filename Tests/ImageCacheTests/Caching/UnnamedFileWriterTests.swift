import Foundation
import Testing

@testable import ImageCache

#if canImport(Glibc)
  import Glibc
#endif

/// Each way a blob file gets its name: unnamed and linked (`AT_EMPTY_PATH`, or `/proc/self/fd` where the kernel
/// refuses the first), or named `.tmp` and renamed. Whichever the machine allows, the result must be the same.
@Suite struct UnnamedFileWriterTests {
  let folder = TemporaryFolder()
  static let routes: [UnnamedFileWriter.Route] = [.emptyPath, .procPath, .unsupported]

  private func blobs(_ route: UnnamedFileWriter.Route) throws -> BlobFolder {
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    return BlobFolder(root: folder.url, unnamedFiles: UnnamedFileWriter(route: route))
  }

  private func names(in shard: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: shard.path).sorted()
  }

  @Test(arguments: routes)
  func eachRouteLeavesExactlyTheFileWithItsBytes(route: UnnamedFileWriter.Route) throws {
    defer { folder.remove() }
    let blobs = try blobs(route)
    let bytes = DiskFixture.blob(7, size: 70_000)

    let name = try blobs.write(bytes, forKey: "https://img.example/a.png")

    #expect(blobs.read(name, expectedSize: bytes.count) == bytes)
    let shard = blobs.url(of: name).deletingLastPathComponent()
    #expect(try names(in: shard) == [name])  // no `.tmp` left beside it
    var status = stat()
    #expect(stat(blobs.path(of: name), &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
  }

  @Test func withoutUnnamedFilesTheNamedTemporaryFileIsUsed() throws {
    defer { folder.remove() }
    let writer = UnnamedFileWriter(route: .unsupported)
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    let bytes: [UInt8] = [1, 2, 3]

    let outcome = bytes.withUnsafeBytes {
      writer.write($0, in: folder.url.path, to: folder.appending("x").path, mode: 0o600)
    }

    #expect(outcome == .unsupported)
    #expect(try names(in: folder.url) == [])
  }

  @Test(arguments: [UnnamedFileWriter.Route.emptyPath, .procPath])
  func anExistingFileIsNeverReplaced(route: UnnamedFileWriter.Route) throws {
    defer { folder.remove() }
    let writer = UnnamedFileWriter(route: route)
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    let path = folder.appending("taken").path
    try Data([9, 9]).write(to: URL(fileURLWithPath: path))
    let bytes: [UInt8] = [1, 2, 3]

    let outcome = bytes.withUnsafeBytes { writer.write($0, in: folder.url.path, to: path, mode: 0o600) }

    // Where this file system has no O_TMPFILE the writer steps aside, and the named route's O_EXCL guards instead.
    if outcome != .unsupported { #expect(outcome == .failed(EEXIST, path: path)) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([9, 9]))
    #expect(try names(in: folder.url) == ["taken"])
  }

  @Test(arguments: routes)
  func aShardFolderRemovedBehindTheStoresBackIsMadeAgain(route: UnnamedFileWriter.Route) throws {
    defer { folder.remove() }
    let blobs = try blobs(route)
    let first = try blobs.write(DiskFixture.blob(1), forKey: "k")
    let shard = blobs.url(of: first).deletingLastPathComponent()
    try FileManager.default.removeItem(at: shard)

    let second = try blobs.write(DiskFixture.blob(2), forKey: "k")  // same key, same shard

    #expect(blobs.read(second, expectedSize: DiskFixture.blob(2).count) == DiskFixture.blob(2))
    #expect(try names(in: shard) == [second])
  }

  @Test func aMissingFolderIsAFailureNamingIt() throws {
    let writer = UnnamedFileWriter()
    let missing = folder.appending("absent").path
    let bytes: [UInt8] = [1]

    let outcome = bytes.withUnsafeBytes { writer.write($0, in: missing, to: missing + "/x", mode: 0o600) }

    #expect(outcome == .failed(ENOENT, path: missing))
  }
}
