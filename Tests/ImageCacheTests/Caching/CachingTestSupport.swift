import Foundation
import Synchronization
import Testing

@testable import ImageCache

/// A clock tests move by hand, so access times (and thus LRU order) are exact.
final class ManualClock: Sendable {
  private let current = Mutex(Date(timeIntervalSince1970: 1_700_000_000))

  var now: Date { current.withLock { $0 } }

  /// Moves time forward and returns the new time.
  @discardableResult
  func advance(by seconds: TimeInterval = 1) -> Date {
    current.withLock { date in
      date += seconds
      return date
    }
  }

  var function: @Sendable () -> Date { { self.now } }
}

/// A fresh folder under the system temporary directory, removed by `remove()`.
struct TemporaryFolder {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("imagecache-tests-\(UUID().uuidString)", isDirectory: true)
  }

  func appending(_ component: String) -> URL {
    url.appendingPathComponent(component)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Disk fixtures: keys "k0"..."k9" (2 bytes) and 1000-byte blobs all charge the same (one 4 KB file block, the key
/// twice and the row overhead), so limits can be stated in entries.
enum DiskFixture {
  static let blobSize = 1000
  static let entryCharge = DiskStore.chargedBytes(key: "k0", byteSize: blobSize)

  /// Bytes a test validator accepts: a marker followed by filler identifying the key.
  static func blob(_ seed: UInt8, size: Int = blobSize) -> [UInt8] {
    [0x42] + [UInt8](repeating: seed, count: size - 1)
  }

  static func isValid(_ bytes: [UInt8]) -> Bool {
    bytes.first == 0x42
  }

  /// A store whose limit holds `capacity` fixture entries and whose low-water mark holds `lowWater` of them.
  static func store(
    in folder: URL, capacity: Int = 5, lowWater: Int = 3, clock: ManualClock
  ) throws -> DiskStore {
    try DiskStore(
      directory: folder, maxBytes: capacity * entryCharge,
      lowWaterRatio: Double(lowWater) / Double(capacity), clock: clock.function)
  }

  /// Stores `keys` in order, one clock tick apart.
  static func fill(_ store: DiskStore, keys: [String], clock: ManualClock) throws {
    for (index, key) in keys.enumerated() {
      clock.advance()
      try store.store(key, data: blob(UInt8(index)), metadata: DiskEntryMetadata(contentType: "image/png"))
    }
  }

  /// Keys present, most recently accessed first (reads the index without counting lookups).
  static func keys(_ store: DiskStore) throws -> [String] {
    try store.entries(limit: nil).map(\.key)
  }
}

/// The `DiskCacheError` `body` throws, or nil (any other error is recorded as a test issue).
func diskError(_ body: () throws -> Void) -> DiskCacheError? {
  do {
    try body()
    return nil
  } catch let error as DiskCacheError {
    return error
  } catch {
    Issue.record("expected a DiskCacheError, got \(error)")
    return nil
  }
}
