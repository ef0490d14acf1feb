import Foundation
import ImageEncoding
import Testing

@testable import ImageCache

/// A full disk without root or a small filesystem: the store's blob folder is told how much space is left and
/// answers ENOSPC past it, down the same path a real full disk takes (`write(2)` failing with ENOSPC).
@Suite("Disk tier when the disk fills up")
struct DiskFullTests {
  private struct Fixed: DataLoading {
    let body: [UInt8]
    func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
      DataResponse(
        statusCode: 200, headers: ["cache-control": "max-age=3600"], body: body, effectiveURL: request.url)
    }
  }

  private static func noisy(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
  }

  /// A store holding `keys` that has room for `freeBytes` more bytes of images.
  private static func nearlyFullStore(holding keys: [String], freeBytes: Int) throws -> (DiskStore, URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diskfull-\(UUID().uuidString)")
    let store = try DiskStore(directory: folder)
    for (index, key) in keys.enumerated() {
      try store.store(key, data: noisy(300, seed: UInt64(index + 1)), metadata: DiskEntryMetadata())
    }
    store.simulateFreeSpace(freeBytes)
    return (store, folder)
  }

  @Test func storesFailAsDiskFullAndNothingEarlierIsLost() throws {
    let earlier = (0..<10).map { "https://img.example/small/\($0).png" }
    let (store, folder) = try Self.nearlyFullStore(holding: earlier, freeBytes: 10 * 4096)
    defer { try? FileManager.default.removeItem(at: folder) }

    var stored: [String] = []
    var failures: [DiskCacheError] = []
    for index in 0..<40 {
      let key = "https://img.example/big/\(index).png"
      do {
        try store.store(key, data: Self.noisy(16 << 10, seed: UInt64(100 + index)), metadata: DiskEntryMetadata())
        stored.append(key)
      } catch {
        failures.append(error)
      }
    }

    #expect(!failures.isEmpty)
    #expect(failures.allSatisfy { $0 == .diskFull(path: folder.path) }, "\(failures)")
    for (index, key) in earlier.enumerated() {
      #expect(try store.lookup(key)?.data == Self.noisy(300, seed: UInt64(index + 1)), "\(key)")
    }
    let statistics = try store.statistics()
    #expect(statistics.entryCount == earlier.count + stored.count)
    let report = try store.verify(fix: false) { _ in true }
    #expect(report.isClean && report.checked == earlier.count + stored.count)
    try store.close()
  }

  @Test func dataForThrowsDiskFullWhileImageForStillServes() async throws {
    let (store, folder) = try Self.nearlyFullStore(holding: [], freeBytes: 4096)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Incompressible pixels: a ~16 KB PNG that cannot fit in the 4 KB left.
    let png = try PNGEncoder.encode(ImageBitmap(width: 64, height: 64, pixels: Self.noisy(64 * 64 * 4, seed: 7)))
    let manager = ImageManager(
      loader: Fixed(body: png), memory: ImageMemoryStore(), disk: store, decoder: ImageDecoder())

    await #expect(throws: ImageManagerError.disk(.diskFull(path: folder.path))) {
      try await manager.data(for: URL(string: "https://img.example/a.png")!)
    }
    let response = try await manager.image(for: URL(string: "https://img.example/b.png")!)
    #expect(response.width == 64 && response.height == 64 && response.tier == .network)
    #expect(try store.statistics().entryCount == 0)
  }
}
