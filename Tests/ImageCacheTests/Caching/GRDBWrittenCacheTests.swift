import Foundation
import TestSupport
import Testing

@testable import ImageCache

/// The index format did not change with the SQLite layer: a cache folder the GRDB build wrote
/// (`Tests/Fixtures/grdb-written`) opens as it is, serves its entries and takes new ones.
@Suite struct GRDBWrittenCacheTests {
  let folder = TemporaryFolder()

  static let keys = [
    "http://127.0.0.1:47380/i/u/34s/04bc3a0affbad3f40f2b5dbc6e0e6886.png",
    "http://127.0.0.1:47380/i/u/34s/6e25ba46363b205b7f54e343dcac101e.png",
    "http://127.0.0.1:47380/i/u/34s/091bcefb21908aa6af610537ec3a75c8.png",
  ]

  /// A private copy: the store writes to the folder it opens.
  private func copyOfFixture() throws {
    try FileManager.default.createDirectory(
      at: folder.url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Fixtures.url("grdb-written"), to: folder.url)
    try? FileManager.default.removeItem(at: folder.appending("metadata.sqlite"))
    _ = chmod(folder.url.path, 0o700)
  }

  @Test func anIndexTheGRDBBuildWroteOpensWithItsEntriesAndOrder() throws {
    defer { folder.remove() }
    // Given the GRDB build's cache folder
    try copyOfFixture()

    // When the store opens it
    let store = try DiskStore(directory: folder.url)

    // Then its entries, their order, sizes and counters are as the GRDB build left them, and every file checks out
    #expect(try store.entries(limit: nil).map(\.key) == Self.keys)
    let statistics = try store.statistics()
    #expect(statistics.entryCount == 3)
    #expect(statistics.totalBytes == 13_458)
    #expect(statistics.hits == 1 && statistics.misses == 3)
    #expect(try store.queryInteger("PRAGMA user_version") == DiskSchema.version)
    #expect(try store.quickCheck() == ["ok"])
    let report = try store.verify(fix: false) { $0.starts(with: [0x89, 0x50, 0x4E, 0x47]) }
    #expect(report.checked == 3 && report.brokenKeys.isEmpty && report.orphans == 0)
    let found = try #require(try store.lookup(Self.keys[1]))
    #expect(found.data.count == 1_653)
    #expect(found.metadata.width == 34)

    // and it takes a new entry next to them, in the same file
    try store.store("k0", data: DiskFixture.blob(1), metadata: .init())
    try store.close()
    let reopened = try DiskStore(directory: folder.url)
    #expect(try reopened.entries(limit: nil).count == 4)
    try reopened.close()
  }
}
