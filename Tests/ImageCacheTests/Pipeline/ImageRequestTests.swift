import Foundation
import ImageEncoding
import Synchronization
import TestSupport
import Testing

@testable import ImageCache

/// A processor that counts its calls and otherwise resizes.
final class CountingResize: ImageProcessing {
  let resize: ImageProcessors.Resize
  private let calls = Mutex(0)

  init(size: Int) { resize = ImageProcessors.Resize(size: size) }

  var identifier: String { resize.identifier }
  var count: Int { calls.withLock { $0 } }

  func process(_ image: ImageBitmap) throws -> ImageBitmap {
    calls.withLock { $0 += 1 }
    return try resize.process(image)
  }
}

/// The real decoder, counting full decodes.
final class CountingDecoder: ImageDecoding {
  private let decoder = ImageDecoder()
  private let decodes = Mutex(0)
  var count: Int { decodes.withLock { $0 } }

  func header(of data: [UInt8]) throws(ImageDecodingError) -> ImageHeader { try decoder.header(of: data) }

  func decode(_ data: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageBitmap {
    decodes.withLock { $0 += 1 }
    return try decoder.decode(data, limits: limits)
  }

  func validate(_ data: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageHeader {
    try decoder.validate(data, limits: limits)
  }
}

/// Requests with processors and options, through the libcurl loader against the test server (or the scripted
/// loader where callers must pile up on one answer).
@Suite(.timeLimit(.minutes(20))) struct ImageRequestTests {
  private let clock = TestClock()
  private let directory = temporaryDirectory()
  private let cover = Self.coverPNG(seed: 3)
  private let otherCover = Self.coverPNG(seed: 77)

  /// A 300 px PNG whose pixels differ by position and `seed`.
  static func coverPNG(seed: UInt8) -> [UInt8] {
    var pixels: [UInt8] = []
    for y in 0..<300 {
      for x in 0..<300 { pixels += [UInt8(x % 256), UInt8(y % 256), seed, 255] }
    }
    return try! PNGEncoder.encode(ImageBitmap(width: 300, height: 300, pixels: pixels))
  }

  private func openManager(
    decoder: any ImageDecoding = ImageDecoder(), loader: any DataLoading = CurlDataLoader(configuration: .patient)
  )
    throws
    -> ImageManager
  {
    ImageManager(
      loader: loader, memory: ImageMemoryStore(costLimit: 1 << 26, countLimit: 100),
      disk: try DiskStore(directory: directory, maxBytes: 1 << 26, clock: { [clock] in clock() }),
      decoder: decoder, clock: { [clock] in clock() })
  }

  @Test func aCoverShownAt64IsScaledOncePerProcess() async throws {
    // Given a server with a 300 px cover and a request that resizes it to 64 px
    let server = try HTTPTestServer { [cover] _ in .ok(cover, headers: ["Cache-Control": "max-age=600"]) }
    defer { server.stop() }
    let resize = CountingResize(size: 64)
    let request = ImageRequest(url: server.url("/cover.png"), processors: [resize])
    let first = try openManager()

    // When it is shown five times, then by a second process on the same cache folder
    var tiers: [CacheTier] = []
    for _ in 0..<5 { tiers.append(try await first.image(for: request).tier) }
    try first.close()
    let second = try openManager()
    let fromDisk = try await second.image(for: request)

    // Then it was downloaded once, scaled once per manager, and the disk kept the original
    #expect(tiers == [.network, .memory, .memory, .memory, .memory])
    #expect(resize.count == 2)
    #expect((fromDisk.width, fromDisk.height, fromDisk.tier) == (64, 64, .disk))
    #expect(server.requestCount == 1)
    #expect(try second.disk!.lookup(second.cacheKey(for: request.url))?.data == cover)
    // The unprocessed image is a different memory entry, decoded from disk when asked for.
    let original = try await second.image(for: request.url)
    #expect((original.width, original.height, original.tier) == (300, 300, .disk))
  }

  @Test func aProcessedImageIsMadeFromTheOriginalInMemoryWithoutDecoding() async throws {
    let server = try HTTPTestServer { [cover] _ in .ok(cover) }
    defer { server.stop() }
    let decoder = CountingDecoder()
    let manager = try openManager(decoder: decoder)
    let url = server.url("/cover.png")
    _ = try await manager.image(for: url)

    let thumbnail = try await manager.image(
      for: ImageRequest(url: url, processors: [ImageProcessors.Resize(size: 32)]))

    #expect((thumbnail.width, thumbnail.height, thumbnail.tier) == (32, 32, .memory))
    #expect(decoder.count == 1)
    #expect(server.requestCount == 1)
  }

  @Test func concurrentRequestsWithTheSameProcessorsDecodeAndProcessOnce() async throws {
    // Given a held answer and two callers with the same processors, neither keeping the result in memory
    let loader = ScriptedLoader(fallback: Images.ok(cover))
    loader.closeGate()
    let decoder = CountingDecoder()
    let manager = try openManager(decoder: decoder, loader: loader)
    let resize = CountingResize(size: 64)
    let request = ImageRequest(url: Images.url, processors: [resize], options: .skipMemoryTier)
    let job = ImageJobKey(memoryKey: request.memoryKey, options: .skipMemoryTier)

    // When both wait on it
    async let first = manager.image(for: request)
    async let second = manager.image(for: request)
    try await waitUntil("both callers on one image job") { manager.imageJobs.waiterCount(for: .request(job)) == 2 }
    loader.openGate()
    let results = try await [first, second]

    // Then one download, one decode, one resize served both
    #expect(results.map(\.width) == [64, 64])
    #expect(loader.requestCount == 1)
    #expect(decoder.count == 1)
    #expect(resize.count == 1)
  }

  @Test func concurrentRequestsWithDifferentProcessorsShareTheDownloadAndTheDecode() async throws {
    let loader = ScriptedLoader(fallback: Images.ok(cover))
    loader.closeGate()
    let decoder = CountingDecoder()
    let manager = try openManager(decoder: decoder, loader: loader)
    let small = CountingResize(size: 32)
    let large = CountingResize(size: 64)

    async let first = manager.image(for: ImageRequest(url: Images.url, processors: [small]))
    async let second = manager.image(for: ImageRequest(url: Images.url, processors: [large]))
    try await waitUntil("both requests on one decode") {
      manager.imageJobs.waiterCount(for: .decode(LoadJobKey(url: Images.url, mode: .standard))) == 2
    }
    loader.openGate()
    let results = try await [first, second]

    #expect(results.map(\.width) == [32, 64])
    #expect(results.map(\.tier) == [.network, .network])
    #expect(loader.requestCount == 1)
    #expect(decoder.count == 1)
    #expect((small.count, large.count) == (1, 1))
  }

  @Test func reloadIgnoringCachedDataGoesToTheNetworkWithoutValidatorsAndStores() async throws {
    // Given a fresh cached copy with an ETag, and a server that now has a newer image
    let script = HTTPTestReplyScript([
      .ok(cover, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=600"]),
      .ok(otherCover, headers: ["ETag": "\"v2\"", "Cache-Control": "max-age=600"]),
    ])
    let server = try HTTPTestServer { _ in script.next() }
    defer { server.stop() }
    let manager = try openManager()
    let url = server.url("/cover.png")
    _ = try await manager.image(for: url)

    // When it is reloaded
    let reloaded = try await manager.image(for: ImageRequest(url: url, options: .reloadIgnoringCachedData))

    // Then the network answered an unconditional request, and both tiers now hold the newer image
    #expect(reloaded.tier == .network)
    #expect(server.requests.map { $0.header("If-None-Match") } == [nil, nil])
    #expect(try await manager.data(for: url).bytes == otherCover)
    let remembered = try await manager.image(for: url)
    #expect(remembered.tier == .memory && remembered.bitmap == reloaded.bitmap)
    #expect(reloaded.bitmap == (try ImageDecoder().decode(otherCover, limits: .default)))
  }

  @Test func returnCacheDataDontLoadNeverAsksTheNetwork() async throws {
    let server = try HTTPTestServer { [cover] _ in .ok(cover, headers: ["Cache-Control": "max-age=60"]) }
    defer { server.stop() }
    let url = server.url("/cover.png?size=300")
    let cacheOnly = ImageRequest(url: url, options: .returnCacheDataDontLoad)

    // Not cached: a clear error, no request
    let empty = try openManager()
    do {
      let response = try await empty.image(for: cacheOnly)
      Issue.record("expected notCached, got \(response.tier)")
    } catch {
      #expect(error == .notCached(url: ImageManagerError.redactedURL(url)))
      #expect(error.description.contains("drop .returnCacheDataDontLoad"))
    }
    await #expect(throws: ImageManagerError.notCached(url: ImageManagerError.redactedURL(url))) {
      try await empty.data(for: cacheOnly)
    }
    #expect(server.requestCount == 0)

    // Cached, then expired: served from memory, then (another process) from disk marked stale, still no request
    _ = try await empty.image(for: url)
    let fromMemory = try await empty.image(for: cacheOnly)
    clock.advance(by: 61)
    try empty.close()
    let fromDisk = try await openManager().image(for: cacheOnly)
    #expect(fromMemory.tier == .memory)
    #expect(fromDisk.tier == .disk && fromDisk.isStale)
    #expect(server.requestCount == 1)
  }

  @Test func skipDiskTierNeitherReadsNorWritesTheDisk() async throws {
    // Given a different image already on disk for the URL
    let server = try HTTPTestServer { [cover] _ in .ok(cover, headers: ["Cache-Control": "max-age=600"]) }
    defer { server.stop() }
    let manager = try openManager()
    let url = server.url("/cover.png")
    let key = manager.cacheKey(for: url)
    try manager.disk!.store(key, data: otherCover, metadata: DiskEntryMetadata(expiresAt: clock() + 600))

    // When it is asked for without the disk tier, once without memory either
    let request = ImageRequest(url: url, options: [.skipDiskTier, .skipMemoryTier])
    let first = try await manager.image(for: request)
    let bytes = try await manager.data(for: request)

    // Then the network answered both and the disk still holds the old bytes
    #expect(first.tier == .network && bytes.tier == .network)
    #expect(first.bitmap == (try ImageDecoder().decode(cover, limits: .default)))
    #expect(bytes.bytes == cover)
    #expect(server.requestCount == 2)
    #expect(try manager.disk!.lookup(key)?.data == otherCover)
  }

  @Test func skipMemoryTierNeitherReadsNorWritesMemory() async throws {
    let server = try HTTPTestServer { [cover] _ in .ok(cover, headers: ["Cache-Control": "max-age=600"]) }
    defer { server.stop() }
    let manager = try openManager()
    let url = server.url("/cover.png")
    let request = ImageRequest(url: url, processors: [ImageProcessors.Resize(size: 16)], options: .skipMemoryTier)

    let first = try await manager.image(for: request)
    let second = try await manager.image(for: request)
    _ = try await manager.image(for: url)  // the original now in memory
    let third = try await manager.image(for: ImageRequest(url: url, options: .skipMemoryTier))

    #expect([first.tier, second.tier, third.tier] == [.network, .disk, .disk])
    #expect(manager.memory.statistics.count == 1)  // only the plain request's entry
    #expect(server.requestCount == 1)
  }

  @Test func aProcessorThatFailsNamesItselfAndTheURL() async throws {
    let server = try HTTPTestServer { [cover] _ in .ok(cover) }
    defer { server.stop() }
    let url = server.url("/cover.png")
    let crop = ImageProcessors.Crop(x: 400, y: 0, width: 10, height: 10)
    await #expect(
      throws: ImageManagerError.processing(
        url: ImageManagerError.redactedURL(url), processor: "crop(400,0,10x10)",
        reason: "crop rectangle 10x10 at (400, 0) is outside the 300x300 image")
    ) {
      try await openManager().image(for: ImageRequest(url: url, processors: [crop]))
    }
  }

  @Test func theMemoryKeyIsTheCacheKeyThenTheProcessors() {
    let url = URL(string: "http://images.test/a.png?api_key=SECRET&size=64")!
    let plain = ImageRequest(url: url)
    var resized = ImageRequest(url: url, processors: [ImageProcessors.Resize(size: 64)])
    #expect(plain.memoryKey.string == "http://images.test/a.png?size=64")
    #expect(resized.memoryKey.string == "http://images.test/a.png?size=64#resize(64x64,fit)")
    resized.processors.append(ImageProcessors.Crop(x: 0, y: 0, width: 8, height: 8))
    resized.url = URL(string: "http://images.test/b.png")!
    #expect(resized.memoryKey.string == "http://images.test/b.png#resize(64x64,fit)|crop(0,0,8x8)")
  }

  @Test func aCopyChangedLeavesTheOriginalAsItWas() {
    // Given a request and a copy of it (they share their URL and processors until one changes)
    let url = URL(string: "http://images.test/a.png")!
    let original = ImageRequest(url: url, processors: [ImageProcessors.Resize(size: 64)], priority: .low)
    var copy = original
    // When the copy's URL, processors and priority change
    copy.url = URL(string: "http://images.test/b.png")!
    copy.processors = []
    copy.priority = .high
    // Then the original keeps its own, and each has the key of what it names
    #expect(
      (original.url, original.processors.map(\.identifier), original.priority) == (url, ["resize(64x64,fit)"], .low))
    #expect(original.memoryKey.string == "http://images.test/a.png#resize(64x64,fit)")
    #expect(copy.memoryKey.string == "http://images.test/b.png")
  }

  @Test func cachedImageAnswersFromMemoryOnlyAndNeverLoads() async throws {
    // Given a server with the cover and a request resizing it to 16 px
    let server = try HTTPTestServer { [cover] _ in .ok(cover, headers: ["Cache-Control": "max-age=600"]) }
    defer { server.stop() }
    let manager = try openManager()
    let request = ImageRequest(url: server.url("/cover.png"), processors: [ImageProcessors.Resize(size: 16)])

    // When the memory tier is asked before and after the image is loaded, and with options that skip it
    let before = manager.cachedImage(for: request)
    let loaded = try await manager.image(for: request)
    let after = manager.cachedImage(for: request)
    var skipping = request
    skipping.options = .skipMemoryTier
    var reloading = request
    reloading.options = .reloadIgnoringCachedData

    // Then only the loaded, processed image is answered, from memory, and nothing more was downloaded
    #expect(before == nil)
    #expect((after?.tier, after?.bitmap, after?.url) == (.memory, loaded.bitmap, request.url))
    #expect((after?.width, after?.height) == (16, 16))
    #expect(manager.cachedImage(for: skipping) == nil)
    #expect(manager.cachedImage(for: reloading) == nil)
    #expect(manager.cachedImage(for: ImageRequest(url: request.url)) == nil)  // the original was never kept
    #expect(server.requestCount == 1)
  }
}
