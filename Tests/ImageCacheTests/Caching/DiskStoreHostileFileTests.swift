import Foundation
import Testing

@testable import ImageCache

#if canImport(Glibc)
  import Glibc
#endif

/// Nothing in the cache folder is trusted: whatever sits where an entry's file should be, a lookup neither follows
/// it nor waits on it, `verify` reports it, and `verify --fix` removes it (never what a link points at).
@Suite struct DiskStoreHostileFileTests {
  let folder = TemporaryFolder()
  let key = "https://img.example/a.png"

  enum Intruder: CaseIterable, CustomStringConvertible {
    /// A pipe with no writer: a blocking `open` for reading would wait for ever.
    case fifo
    /// A link to a file outside the cache with the right bytes and size.
    case symlink
    case folder
    /// /dev/zero's device numbers, 1 and 5 (needs root to make).
    case device

    var description: String {
      switch self {
      case .fifo: "a pipe"
      case .symlink: "a symbolic link"
      case .folder: "a folder"
      case .device: "a character device"
      }
    }
  }

  /// Stores one entry, then puts `intruder` in place of its file. Nil when this process may not make it.
  private func plant(_ intruder: Intruder, outside: URL) throws -> (store: DiskStore, file: URL)? {
    let store = try DiskStore(directory: folder.url)
    try store.store(key, data: DiskFixture.blob(4), metadata: .init())
    let file = try #require(try store.blobURL(forKey: key))
    try FileManager.default.removeItem(at: file)
    switch intruder {
    case .fifo:
      #expect(mkfifo(file.path, 0o600) == 0)
    case .symlink:
      try Data(DiskFixture.blob(4)).write(to: outside)
      try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
    case .folder:
      try FileManager.default.createDirectory(
        at: file.appendingPathComponent("inside"), withIntermediateDirectories: true)
    case .device:
      guard mknod(file.path, S_IFCHR | 0o600, dev_t((1 << 8) | 5)) == 0 else { return nil }
    }
    return (store, file)
  }

  @Test(arguments: Intruder.allCases)
  func anIntruderInPlaceOfAFileIsABrokenEntryAndVerifyFixRemovesIt(_ intruder: Intruder) throws {
    defer { folder.remove() }
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: outside) }
    guard let (store, file) = try plant(intruder, outside: outside) else {
      try Test.cancel("cannot make \(intruder) here (mknod needs root)")
    }

    // verify reports it (and did not block on it)
    let report = try store.verify(fix: false, isValid: DiskFixture.isValid)
    #expect(report.brokenKeys == [key])

    // verify --fix removes the entry and what sat in its place, without touching what a link pointed at
    let fixed = try store.verify(fix: true, isValid: DiskFixture.isValid)
    #expect(fixed.brokenKeys == [key] && fixed.fixed)
    var status = stat()
    #expect(lstat(file.path, &status) != 0)
    #expect(try store.entries(limit: nil).isEmpty)
    if intruder == .symlink { #expect(try Data(contentsOf: outside) == Data(DiskFixture.blob(4))) }
    #expect(try store.verify(fix: false, isValid: DiskFixture.isValid).isClean)
  }

  @Test(arguments: Intruder.allCases)
  func aLookupMissesOnAnIntruderSoTheImageIsFetchedAgain(_ intruder: Intruder) throws {
    defer { folder.remove() }
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: outside) }
    guard let (store, file) = try plant(intruder, outside: outside) else {
      try Test.cancel("cannot make \(intruder) here (mknod needs root)")
    }

    // A miss (no wait on a pipe, no read through a link), the row dropped and the intruder with it
    #expect(try store.lookup(key) == nil)
    #expect(try store.entries(limit: nil).isEmpty)
    var status = stat()
    #expect(lstat(file.path, &status) != 0)
    // A probe (what `warm` asks first) does not count it fresh either
    try store.store(key, data: DiskFixture.blob(5), metadata: DiskEntryMetadata(expiresAt: .distantFuture))
    let stored = try #require(try store.blobURL(forKey: key))
    try FileManager.default.removeItem(at: stored)
    #expect(mkfifo(stored.path, 0o600) == 0)
    #expect(try store.probe([key], freshAt: Date(), staleCopyIsSound: { _ in true }).fresh.isEmpty)
  }
}
