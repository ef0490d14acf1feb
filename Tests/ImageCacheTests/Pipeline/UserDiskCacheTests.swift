import Foundation
import ImageCache
import Synchronization
import TestSupport
import Testing

/// A disk tier as a user of ImageCache writes one: the four required calls of `DiskCaching` over a dictionary,
/// with no probe and no group commit, so the manager must take its public route for everything. Imported without
/// `@testable`: it sees what a user sees.
private final class DictionaryDiskCache: DiskCaching {
  private let entries = Mutex<[String: DiskCacheHit]>([:])
  private let storeCount = Atomic(0)

  /// Calls of `store`, the default `refresh` included.
  var stores: Int { storeCount.load(ordering: .relaxed) }

  subscript(key: String) -> DiskCacheHit? { entries.withLock { $0[key] } }

  func lookup(_ key: String) -> DiskCacheHit? { entries.withLock { $0[key] } }

  func store(_ key: String, data: [UInt8], metadata: DiskEntryMetadata) {
    storeCount.add(1, ordering: .relaxed)
    entries.withLock { $0[key] = DiskCacheHit(data: data, metadata: metadata) }
  }

  func remove(_ key: String) { _ = entries.withLock { $0.removeValue(forKey: key) } }

  func removeAll() { entries.withLock { $0.removeAll() } }
}

/// `ImageManager` over a user's `DiskCaching`: downloads are stored in it, its fresh entries answer without the
/// network, its stale ones are revalidated (a 304 keeps the bytes and takes the new lifetime) and a prefetch goes
/// through it URL by URL. Against a real libcurl loader and a local server.
@Suite(.timeLimit(.minutes(20))) struct UserDiskCacheTests {
  private let disk = DictionaryDiskCache()

  private func manager() -> ImageManager {
    ImageManager(
      loader: CurlDataLoader(configuration: .patient), memory: ImageMemoryStore(costLimit: 1 << 24, countLimit: 100),
      disk: disk, decoder: ImageDecoder())
  }

  /// 304 to a request that names ETag "v1", else `image` with ETag "v1"; fresh for ten minutes either way.
  private static func serving(_ image: [UInt8]) -> HTTPTestServer.Handler {
    { request in
      let headers = ["ETag": "\"v1\"", "Cache-Control": "max-age=600"]
      return request.header("If-None-Match") == "\"v1\"" ? .status(304, headers: headers) : .ok(image, headers: headers)
    }
  }

  /// Puts `image` in the cache for `url` as a response with ETag "v1" that expired an hour ago would have left it.
  private func storeStale(_ image: [UInt8], under key: String) throws {
    let header = try ImageDecoder().header(of: image)
    disk.store(
      key, data: image,
      metadata: DiskEntryMetadata(
        contentType: header.format.contentType, width: header.width, height: header.height, etag: "\"v1\"",
        expiresAt: Date().addingTimeInterval(-3600)))
  }

  /// Checks the cache holds `image` for `url`, fresh now, and returns the entry.
  @discardableResult
  private func expectKeptFresh(_ image: [UInt8], for url: URL, by manager: ImageManager) throws -> DiskCacheHit {
    let stored = try #require(disk[manager.cacheKey(for: url)])
    #expect(stored.data == image)
    #expect(try #require(stored.metadata.expiresAt) > Date())
    return stored
  }

  @Test func aDownloadIsStoredAndAnsweredFromTheCacheByTheNextManager() async throws {
    // Given a server with an image fresh for ten minutes
    let image = Images.png(width: 6, height: 4, seed: 1)
    let server = try HTTPTestServer(handler: Self.serving(image))
    defer { server.stop() }
    let url = server.url("/cover.png")

    // When one manager loads it and another, with empty memory, asks for it again
    let manager = manager()
    let first = try await manager.image(for: url)
    let second = try await self.manager().image(for: url)

    // Then the first downloaded and stored the bytes with their validator and lifetime, and the second read them
    // from the cache without a request
    #expect(first.tier == .network)
    #expect(try expectKeptFresh(image, for: url, by: manager).metadata.etag == "\"v1\"")
    #expect(second.tier == .disk)
    #expect((second.bitmap.width, second.bitmap.height) == (6, 4))
    #expect(server.requestCount == 1)
  }

  @Test func aStaleEntryIsRevalidatedAndTakesTheNewLifetime() async throws {
    // Given a stale entry whose image has not changed
    let image = Images.png(width: 5, height: 3, seed: 2)
    let server = try HTTPTestServer(handler: Self.serving(image))
    defer { server.stop() }
    let url = server.url("/stale.png")
    let manager = manager()
    try storeStale(image, under: manager.cacheKey(for: url))

    // When it is asked for
    let response = try await manager.image(for: url)

    // Then a conditional request confirmed it, the bytes came from the cache, and the default `refresh` stored them
    // again under the new lifetime
    #expect(response.tier == .revalidated)
    #expect((response.bitmap.width, response.bitmap.height) == (5, 3))
    #expect(server.requests.map { $0.header("If-None-Match") } == ["\"v1\""])
    try expectKeptFresh(image, for: url, by: manager)
    #expect(disk.stores == 2)
  }

  @Test func aPrefetchFetchesRevalidatesAndSkipsWithoutAProbe() async throws {
    // Given three images: one the cache lacks, one stale in it, one fresh in it
    let images = (0..<3).map { Images.png(width: 2 + $0, height: 3, seed: UInt8(10 + $0)) }
    let server = try HTTPTestServer { request in
      guard let number = Int(request.path.dropFirst()), images.indices.contains(number) else { return .status(404) }
      return Self.serving(images[number])(request)
    }
    defer { server.stop() }
    let urls = (0..<3).map { server.url("/\($0)") }
    let manager = manager()
    try storeStale(images[1], under: manager.cacheKey(for: urls[1]))
    disk.store(
      manager.cacheKey(for: urls[2]), data: images[2],
      metadata: DiskEntryMetadata(etag: "\"v1\"", expiresAt: Date().addingTimeInterval(3600)))

    // When they are prefetched
    let report = await manager.prefetch(urls, maxInFlight: 2)

    // Then the missing one was downloaded, the stale one confirmed by a 304, the fresh one left alone, and all three
    // are in the cache with their bytes
    #expect(report.fetched == 1 && report.revalidated == 1 && report.alreadyFresh == 1 && report.failed == 0)
    #expect(server.requestCount == 2)
    #expect(!server.requests.contains { $0.path == "/2" })
    for (image, url) in zip(images, urls) { try expectKeptFresh(image, for: url, by: manager) }
  }
}
