import Foundation
import ImageCacheSupport
import Testing

@testable import ImageCache

#if canImport(Glibc)
  import Glibc
#endif

/// Files in `blobs/` made behind the store's back, as a crashed writer or another process leaves them.
enum BlobFiles {
  /// Writes a file with a name the store could have made for `key`, `age` seconds old.
  @discardableResult
  static func plant(in store: DiskStore, key: String, age: TimeInterval, suffix: String = "") throws -> URL {
    let url = URL(fileURLWithPath: store.blobs.url(of: BlobFolder.newName(forKey: key)).path + suffix)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(DiskFixture.blob(9)).write(to: url)
    let then = Date().addingTimeInterval(-age)
    try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: url.path)
    return url
  }
}

@Suite struct DiskStoreBlobFileTests {
  let clock = ManualClock()
  let folder = TemporaryFolder()

  @Test func eachEntryIsOneFileNamedByItsKeysHash() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)

    try store.store("https://img.example/a.png", data: DiskFixture.blob(1), metadata: DiskEntryMetadata())

    let file = try #require(try store.blobURL(forKey: "https://img.example/a.png"))
    let hash = String(BlobFolder.keyHash("https://img.example/a.png"), radix: 16)
    let digits = String(repeating: "0", count: 16 - hash.count) + hash
    #expect(file.lastPathComponent.hasPrefix(digits + String(repeating: "0", count: 48) + "-"))
    #expect(file.deletingLastPathComponent().lastPathComponent == String(digits.prefix(2)))
    #expect(try Data(contentsOf: file) == Data(DiskFixture.blob(1)))
    #expect(store.blobFileNames == [file.lastPathComponent])
  }

  @Test func overwriteWritesANewFileAndUnlinksTheOldOne() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try store.store("k0", data: DiskFixture.blob(1), metadata: DiskEntryMetadata(etag: "v1"))
    let first = try #require(try store.blobURL(forKey: "k0"))

    try store.store("k0", data: DiskFixture.blob(2, size: 700), metadata: DiskEntryMetadata(etag: "v2"))

    let second = try #require(try store.blobURL(forKey: "k0"))
    #expect(first != second)
    #expect(!FileManager.default.fileExists(atPath: first.path))
    #expect(store.blobFileNames == [second.lastPathComponent])
    let found = try #require(try store.lookup("k0"))
    #expect(found.data == DiskFixture.blob(2, size: 700))
    #expect(found.metadata.etag == "v2")
    #expect(try store.queryInteger("SELECT count(*) FROM doomed_file") == 0)
  }

  @Test func evictionUnlinksTheEvictedFiles() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, capacity: 5, lowWater: 3, clock: clock)
    try DiskFixture.fill(store, keys: ["k0", "k1", "k2", "k3", "k4", "k5"], clock: clock)

    #expect(try DiskFixture.keys(store) == ["k5", "k4", "k3"])
    let kept = try ["k3", "k4", "k5"].map { try #require(try store.blobURL(forKey: $0)).lastPathComponent }
    #expect(store.blobFileNames == kept.sorted())
  }

  @Test func aRowReplacedByAnotherProcessIsNotDroppedByAStaleReader() throws {
    defer { folder.remove() }
    // Given two stores on one folder, and a row whose file is gone (another process evicted and re-stored it)
    let first = try DiskFixture.store(in: folder.url, clock: clock)
    let second = try DiskFixture.store(in: folder.url, clock: clock)
    try first.store("k0", data: DiskFixture.blob(1), metadata: DiskEntryMetadata())
    let old = try #require(try first.blobURL(forKey: "k0"))

    // When the second replaces it, the first's next lookup reads the new row and its file
    try second.store("k0", data: DiskFixture.blob(2), metadata: DiskEntryMetadata())

    #expect(!FileManager.default.fileExists(atPath: old.path))
    #expect(try first.lookup("k0")?.data == DiskFixture.blob(2))
  }

  @Test func aTamperedIndexCannotReachFilesOutsideTheFolder() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try store.store("k0", data: DiskFixture.blob(1), metadata: DiskEntryMetadata())
    let outside = folder.appending("precious.txt")
    try Data(count: DiskFixture.blobSize).write(to: outside)
    try store.executeRawSQL("UPDATE entry SET file = '../../precious.txt' WHERE key = 'k0'")

    #expect(try store.lookup("k0") == nil)
    try store.removeAll()
    _ = try store.verify(fix: true, isValid: DiskFixture.isValid)

    #expect(FileManager.default.fileExists(atPath: outside.path))
    #expect(try store.statistics().entryCount == 0)
  }

  @Test func filesDoomedBeforeACrashAreUnlinkedByTheNextWrite() throws {
    defer { folder.remove() }
    // Given a name left in doomed_file with its file still there (killed after the commit, before the unlink)
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    let leftover = try BlobFiles.plant(in: store, key: "old", age: 0)
    try store.executeRawSQL("INSERT INTO doomed_file (name) VALUES ('\(leftover.lastPathComponent)')")

    // When anything is stored
    try store.store("k0", data: DiskFixture.blob(1), metadata: DiskEntryMetadata())

    // Then the file and its name are gone
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
    #expect(try store.queryInteger("SELECT count(*) FROM doomed_file") == 0)
    #expect(store.blobFileNames.count == 1)
  }

  @Test func trimCollectsOldOrphansButNotFilesAnotherWriterIsAboutToCommit() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try DiskFixture.fill(store, keys: ["k0"], clock: clock)
    let old = try BlobFiles.plant(in: store, key: "crashed", age: 3600)
    let fresh = try BlobFiles.plant(in: store, key: "in-flight", age: 1)

    try store.trim(toBytes: nil)

    #expect(!FileManager.default.fileExists(atPath: old.path))
    #expect(FileManager.default.fileExists(atPath: fresh.path))
    #expect(try DiskFixture.keys(store) == ["k0"])
  }

  @Test func blobFolderAndFilesArePrivate() throws {
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: clock)
    try store.store("k0", data: DiskFixture.blob(1), metadata: DiskEntryMetadata())
    let file = try #require(try store.blobURL(forKey: "k0"))

    #expect(DiskStoreFilesTests.mode(of: folder.appending("blobs")) == 0o700)
    #expect(DiskStoreFilesTests.mode(of: file.deletingLastPathComponent()) == 0o700)
    #expect(DiskStoreFilesTests.mode(of: file) == 0o600)
  }

  @Test func aVersion1CacheIsEmptiedAndUpgradedOnOpen() throws {
    defer { folder.remove() }
    // Given a cache folder written by the version that kept bytes in a `blob` table
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    let queue = try SQLiteDatabase(path: folder.appending("cache.sqlite").path)
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE entry (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, content_type TEXT,
            byte_size INTEGER NOT NULL, charged_bytes INTEGER NOT NULL, width INTEGER, height INTEGER, etag TEXT,
            last_modified TEXT, expires_at REAL, created_at REAL NOT NULL, last_access_at REAL NOT NULL);
          CREATE TABLE blob (entry_id INTEGER PRIMARY KEY, data BLOB NOT NULL);
          CREATE TABLE counter (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
          INSERT INTO counter VALUES ('bytes', 1260), ('entries', 1), ('hits', 7), ('misses', 3);
          INSERT INTO entry VALUES (1, 'k0', NULL, 1000, 1260, NULL, NULL, NULL, NULL, NULL, 0, 0);
          INSERT INTO blob VALUES (1, zeroblob(1000));
          PRAGMA user_version = 1;
          """)
    }
    queue.close()

    // When the store opens it
    let store = try DiskFixture.store(in: folder.url, clock: clock)

    // Then it starts empty on the new layout, keeping the lookup counts
    let statistics = try store.statistics()
    #expect(statistics.entryCount == 0 && statistics.totalBytes == 0)
    #expect(statistics.hits == 7 && statistics.misses == 3)
    #expect(try store.queryInteger("PRAGMA user_version") == DiskSchema.version)
    #expect(try store.queryInteger("SELECT count(*) FROM sqlite_master WHERE name = 'blob'") == 0)
    try store.store("k0", data: DiskFixture.blob(1), metadata: DiskEntryMetadata())
    #expect(try store.lookup("k0")?.data == DiskFixture.blob(1))
  }

  @Test func aVersion2CacheKeepsItsEntriesAndGainsTheStaleWindows() throws {
    defer { folder.remove() }
    // Given a cache with one entry, taken back to version 2's layout (no stale-window columns)
    let old = try DiskFixture.store(in: folder.url, clock: clock)
    let expiry = Date(timeIntervalSince1970: 1_700_000_000)
    try old.store("k0", data: DiskFixture.blob(1), metadata: DiskEntryMetadata(etag: "\"v1\"", expiresAt: expiry))
    try old.close()
    let queue = try SQLiteDatabase(path: folder.appending("cache.sqlite").path)
    try queue.write { db in
      try db.execute(
        sql: """
          ALTER TABLE entry DROP COLUMN stale_if_error_until;
          ALTER TABLE entry DROP COLUMN stale_while_revalidate_until;
          PRAGMA user_version = 2;
          """)
    }
    queue.close()

    // When the store opens it
    let store = try DiskFixture.store(in: folder.url, clock: clock)

    // Then the entry is still there, with no windows, and new entries keep theirs
    #expect(try store.queryInteger("PRAGMA user_version") == DiskSchema.version)
    let kept = try #require(try store.lookup("k0"))
    #expect(kept.data == DiskFixture.blob(1))
    #expect(kept.metadata == DiskEntryMetadata(etag: "\"v1\"", expiresAt: expiry))
    let windows = DiskEntryMetadata(
      expiresAt: expiry, staleIfErrorUntil: expiry.addingTimeInterval(60),
      staleWhileRevalidateUntil: expiry.addingTimeInterval(30))
    try store.store("k1", data: DiskFixture.blob(2), metadata: windows)
    #expect(try store.lookup("k1")?.metadata == windows)
  }
}

@Suite struct BlobNameTests {
  @Test func aNameIsTheKeysHashZerosAndANewGeneration() {
    let name = BlobFolder.newName(forKey: "abc")
    let again = BlobFolder.newName(forKey: "abc")
    #expect(BlobFolder.isValidName(name))
    #expect(name.prefix(64) == again.prefix(64))
    #expect(name != again)
    #expect(name.dropFirst(16).prefix(48).allSatisfy { $0 == "0" })
  }

  // FNV-1a of "abc" is 0xe71fa2190541574b; SplitMix's finaliser of that, worked out apart in Python. A fixed value:
  // names made on another machine or by another process must pick the same shard for the same key.
  @Test func theKeysHashIsFixed() {
    #expect(BlobFolder.keyHash("abc") == 0x0DD4_9049_0804_B508)
  }

  /// Keys that differ only in their last digits, as a site's thumbnail sizes do, still fill the 256 shard folders
  /// evenly (FNV-1a alone puts these 4,096 in 48 of them).
  @Test func keysThatDifferAtTheirEndSpreadOverTheShards() {
    var perShard: [Substring: Int] = [:]
    for index in 0..<4096 {
      perShard[BlobFolder.newName(forKey: "https://img.example/a.png?size=\(index)").prefix(2), default: 0] += 1
    }
    #expect(perShard.count == 256)
    #expect(perShard.values.max()! < 40)
  }

  @Test func namesOlderVersionsMadeFromTheKeysSHA256StayValid() {
    #expect(BlobFolder.isValidName("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad-0123456789abcdef"))
    #expect(!BlobFolder.isValidName("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad-0123456789abcde"))
    #expect(!BlobFolder.isValidName("../16bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad-0123456789abcdef"))
  }
}

@Suite struct BlobFolderRemovedTests {
  @Test func aBlobFolderRemovedBehindTheStoresBackIsMadeAgain() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let store = try DiskFixture.store(in: folder.url, clock: ManualClock())
    try store.store("k0", data: DiskFixture.blob(1), metadata: DiskEntryMetadata())

    try FileManager.default.removeItem(at: folder.appending("blobs"))
    try store.store("k0", data: DiskFixture.blob(2), metadata: DiskEntryMetadata())

    #expect(try store.lookup("k0")?.data == DiskFixture.blob(2))
    #expect(DiskStoreFilesTests.mode(of: folder.appending("blobs")) == 0o700)
  }
}
