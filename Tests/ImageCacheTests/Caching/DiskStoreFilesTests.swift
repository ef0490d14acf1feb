import Foundation
import Testing

@testable import ImageCache

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct DiskStoreFilesTests {
  let clock = ManualClock()
  let folder = TemporaryFolder()

  static func mode(of url: URL) -> mode_t? {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    return status.st_mode & 0o777
  }

  @Test func createsFoldersPrivateAndDatabaseFiles0600() throws {
    defer { folder.remove() }
    let nested = folder.appending("a/b/cache")

    let store = try DiskStore(directory: nested, clock: clock.function)
    try store.store("k0", data: DiskFixture.blob(0), metadata: DiskEntryMetadata())

    #expect(Self.mode(of: folder.url) == 0o700)
    #expect(Self.mode(of: folder.appending("a")) == 0o700)
    #expect(Self.mode(of: folder.appending("a/b")) == 0o700)
    #expect(Self.mode(of: nested) == 0o700)
    let database = nested.appendingPathComponent("cache.sqlite")
    #expect(Self.mode(of: database) == 0o600)
    #expect(Self.mode(of: URL(fileURLWithPath: database.path + "-wal")) == 0o600)
    #expect(Self.mode(of: URL(fileURLWithPath: database.path + "-shm")) == 0o600)
    try store.close()
  }

  @Test func pathThatIsAFileIsNotWritable() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    let file = folder.appending("plain-file")
    try Data("x".utf8).write(to: file)

    let direct = diskError { _ = try DiskStore(directory: file) }
    let below = diskError { _ = try DiskStore(directory: file.appendingPathComponent("cache")) }

    #expect(direct == .notWritable(path: file.path, reason: "it is a file, not a folder"))
    guard case .notWritable(let path, _) = below else {
      Issue.record("expected notWritable, got \(String(describing: below))")
      return
    }
    #expect(path == file.appendingPathComponent("cache").path)
  }

  @Test func folderThatCannotBeCreatedIsNotWritable() {
    // /proc refuses new entries even to root, so this holds whoever runs the tests.
    let error = diskError { _ = try DiskStore(directory: URL(fileURLWithPath: "/proc/imagecache-test/cache")) }

    guard case .notWritable = error else {
      Issue.record("expected notWritable, got \(String(describing: error))")
      return
    }
    #expect(error?.description.contains("\n") == false)
  }

  @Test(.enabled(if: getuid() != 0, "root may write anywhere"))
  func readOnlyFolderIsNotWritable() throws {
    defer {
      _ = chmod(folder.url.path, 0o700)
      folder.remove()
    }
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    _ = chmod(folder.url.path, 0o500)

    let error = diskError { _ = try DiskStore(directory: folder.url) }

    guard case .notWritable = error else {
      Issue.record("expected notWritable, got \(String(describing: error))")
      return
    }
  }

  @Test func damagedDatabaseFileIsMovedAsideAndReplaced() throws {
    defer { folder.remove() }
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    let garbage = Data(repeating: 0x5A, count: 8192)
    try garbage.write(to: folder.appending("cache.sqlite"))

    let error = diskError { _ = try DiskStore(directory: folder.url) }

    #expect(error.map { "\($0)" } == nil, "the damaged index is replaced, not a dead end")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    let aside = try #require(names.first { $0.hasPrefix("cache.sqlite.damaged-") })
    #expect(try Data(contentsOf: folder.appending(aside)) == garbage, "the old bytes are kept beside it")
  }

}
