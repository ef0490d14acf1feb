import Foundation
import Testing

@testable import ImageCache

#if canImport(Glibc)
  import Glibc
#endif

/// Something other than a folder where a shard folder (`blobs/ab`) should be: refused for reading and writing,
/// nothing outside the cache reached through it, reported by `verify` and removed (itself, not its target) by a fix.
@Suite struct DiskStoreShardFolderTests {
  let folder = TemporaryFolder()
  /// A folder outside the cache, where a link points.
  let outside = TemporaryFolder()

  enum Stray: String {
    /// A symbolic link to a folder outside the cache holding the shard's own files, so following it would work.
    case linkToAFolderOutside
    case pipe
    /// A character device (`/dev/null`'s numbers); needs the right to make one.
    case device
    case file
  }

  /// Whether this process may make a device node (root, or CAP_MKNOD): tried once in a folder of its own.
  static let canMakeDevices: Bool = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("mknod-\(UUID().uuidString)").path
    defer { unlink(path) }
    return mknod(path, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0
  }()

  /// Puts `stray` in place of `shard`'s folder; false when this system does not let the test make it.
  private func replace(_ shard: URL, with stray: Stray) throws -> Bool {
    switch stray {
    case .linkToAFolderOutside:
      try FileManager.default.createDirectory(at: outside.url, withIntermediateDirectories: true)
      let target = outside.appending(shard.lastPathComponent)
      try FileManager.default.moveItem(at: shard, to: target)
      try FileManager.default.createSymbolicLink(at: shard, withDestinationURL: target)
      return true
    case .pipe:
      try FileManager.default.removeItem(at: shard)
      return mkfifo(shard.path, 0o600) == 0
    case .device:
      try FileManager.default.removeItem(at: shard)
      return mknod(shard.path, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0
    case .file:
      try FileManager.default.removeItem(at: shard)
      return FileManager.default.createFile(atPath: shard.path, contents: Data([1, 2, 3]))
    }
  }

  /// Every file below the outside folder, with its bytes.
  private func outsideFiles() -> [String: Data] {
    let manager = FileManager.default
    var files: [String: Data] = [:]
    for case let path as String in manager.enumerator(atPath: outside.url.path) ?? .init() {
      let url = outside.appending(path)
      var isFolder: ObjCBool = false
      if manager.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
        files[path] = try? Data(contentsOf: url)
      }
    }
    return files
  }

  private func kind(_ path: String) -> mode_t? {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
  }

  @Test(arguments: [Stray.linkToAFolderOutside, .pipe, .file])
  func aStrayShardIsRefusedReportedAndRemovedAndTheNextWriteMakesAFolder(stray: Stray) throws {
    try expectRefusedReportedAndRemoved(stray)
  }

  @Test(.enabled(if: canMakeDevices, "needs the right to make a device node (root or CAP_MKNOD)"))
  func aDeviceInPlaceOfAShardIsRefusedReportedAndRemoved() throws {
    try expectRefusedReportedAndRemoved(.device)
  }

  private func expectRefusedReportedAndRemoved(_ stray: Stray) throws {
    defer {
      folder.remove()
      outside.remove()
    }
    // Given a stored entry whose shard folder was replaced by `stray`
    let store = try DiskFixture.store(in: folder.url, clock: ManualClock())
    try store.store("k0", data: DiskFixture.blob(1), metadata: DiskEntryMetadata())
    let shard = try #require(try store.blobURL(forKey: "k0")).deletingLastPathComponent()
    try #require(try replace(shard, with: stray), "could not make a \(stray.rawValue): errno \(errno)")
    let outsideBefore = outsideFiles()

    // Then the entry is a miss: nothing is read through it
    #expect(try store.lookup("k0") == nil)
    // a write to that shard is refused, and nothing is made outside the cache
    #expect(throws: DiskCacheError.self) {
      try store.store("k0", data: DiskFixture.blob(2), metadata: DiskEntryMetadata())
    }
    #expect(outsideFiles() == outsideBefore)
    #expect(kind(shard.path) != S_IFDIR)

    // verify reports it, and a fix removes the entry itself, never what it points to
    let report = try store.verify(fix: false) { _ in true }
    #expect(report.strayShardFolders == ["blobs/" + shard.lastPathComponent])
    #expect(!report.isClean)
    let fixed = try store.verify(fix: true) { _ in true }
    #expect(fixed.fixed && fixed.strayShardFolders == ["blobs/" + shard.lastPathComponent])
    #expect(kind(shard.path) == nil)
    #expect(outsideFiles() == outsideBefore)

    // and the next write makes a real folder there
    try store.store("k0", data: DiskFixture.blob(3), metadata: DiskEntryMetadata())
    #expect(kind(shard.path) == S_IFDIR)
    #expect(try store.lookup("k0")?.data == DiskFixture.blob(3))
    #expect(try store.verify(fix: false) { _ in true }.isClean)
    #expect(outsideFiles() == outsideBefore)
  }
}
