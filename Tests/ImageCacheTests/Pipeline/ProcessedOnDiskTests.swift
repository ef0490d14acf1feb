import Foundation
import TestSupport
import Testing

@testable import ImageCache

/// `ImageRequest.Options.storeProcessedOnDisk` through the libcurl loader against the test server: a second manager
/// on the same folder (another process, as far as the cache can tell) gets the processed image from disk.
@Suite(.timeLimit(.minutes(20))) struct ProcessedOnDiskTests {
  private let clock = TestClock()
  private let directory = temporaryDirectory()
  private let cover = ImageRequestTests.coverPNG(seed: 5)

  private func openManager(decoder: any ImageDecoding = ImageDecoder()) throws -> ImageManager {
    ImageManager(
      loader: CurlDataLoader(configuration: .patient), memory: ImageMemoryStore(costLimit: 1 << 26, countLimit: 100),
      disk: try DiskStore(directory: directory, maxBytes: 1 << 26, clock: { [clock] in clock() }),
      decoder: decoder, clock: { [clock] in clock() })
  }

  private func serveCover() throws -> HTTPTestServer {
    try HTTPTestServer { [cover] _ in .ok(cover, headers: ["Cache-Control": "max-age=600"]) }
  }

  /// A first manager shows the cover resized to 64 px with `storeProcessedOnDisk`, and closes.
  private func showOnceResizedTo64(from server: HTTPTestServer) async throws
    -> (request: ImageRequest, resize: CountingResize, shown: ImageResponse, processedFile: URL)
  {
    let resize = CountingResize(size: 64)
    let request = ImageRequest(url: server.url("/cover.png"), processors: [resize], options: .storeProcessedOnDisk)
    let first = try openManager()
    let shown = try await first.image(for: request)
    let processedKey = first.cacheKey(for: request.url) + "#resize(64x64,fit)"
    let file = try #require(try (first.disk as! DiskStore).blobURL(forKey: processedKey))
    try first.close()
    return (request, resize, shown, file)
  }

  @Test func aSecondManagerReadsTheProcessedImageWithoutDecodingOrProcessing() async throws {
    // Given a request that resizes a 300 px cover to 64 px and keeps the result on disk, shown once
    let server = try serveCover()
    defer { server.stop() }
    let (request, resize, shown, _) = try await showOnceResizedTo64(from: server)

    // When a second manager on the same folder asks for it
    let decoder = CountingDecoder()
    let second = try openManager(decoder: decoder)
    let again = try await second.image(for: request)

    // Then the disk answered with the same pixels: no decode, no second run of the processor, one download
    #expect(shown.tier == .network)
    #expect((again.tier, again.width, again.height) == (.disk, 64, 64))
    #expect(again.bitmap == shown.bitmap)
    #expect(again.byteCount == 20 + 64 * 64 * 4)
    #expect(resize.count == 1)
    #expect(decoder.count == 0)
    #expect(server.requestCount == 1)
    // The original bytes are kept as always, and the processed entry is named by the cache key and the processor.
    let key = second.cacheKey(for: request.url)
    #expect(try second.disk!.lookup(key)?.data == cover)
    let entry = try #require(try second.disk!.lookup(key + "#resize(64x64,fit)"))
    #expect(entry.metadata.contentType == "image/x-imgcache-rgba")
    #expect((entry.metadata.width, entry.metadata.height) == (64, 64))
    #expect(entry.metadata.expiresAt == clock().addingTimeInterval(600))
  }

  @Test func aDamagedProcessedEntryIsMadeAgainFromTheOriginal() async throws {
    // Given a processed entry on disk with one pixel byte flipped behind the cache's back
    let server = try serveCover()
    defer { server.stop() }
    let (request, resize, shown, file) = try await showOnceResizedTo64(from: server)
    var bytes = try [UInt8](Data(contentsOf: file))
    bytes[100] ^= 0xFF
    try Data(bytes).write(to: file)

    // When a second manager asks for the request
    let decoder = CountingDecoder()
    let second = try openManager(decoder: decoder)
    let again = try await second.image(for: request)

    // Then the original was decoded from disk and processed again, and the entry was rewritten sound
    #expect((again.tier, again.bitmap) == (.disk, shown.bitmap))
    #expect(decoder.count == 1)
    #expect(resize.count == 2)
    #expect(server.requestCount == 1)
    try second.close()
    let third = try openManager()
    let stored = try #require(try third.disk!.lookup(third.cacheKey(for: request.url) + "#resize(64x64,fit)"))
    #expect(StoredBitmap.decode(stored.data) == shown.bitmap)
  }

  @Test func aStaleProcessedEntryIsNotServed() async throws {
    // Given a processed entry whose original expired (a 304 will confirm the original)
    let server = try HTTPTestServer { [cover] request in
      request.headers["if-none-match"] == "\"v1\""
        ? .response(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=600"])
        : .ok(cover, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=600"])
    }
    defer { server.stop() }
    let resize = CountingResize(size: 32)
    let request = ImageRequest(url: server.url("/cover.png"), processors: [resize], options: .storeProcessedOnDisk)
    let first = try openManager()
    _ = try await first.image(for: request)
    try first.close()
    clock.advance(by: 601)

    // When a second manager asks for it
    let second = try openManager()
    let again = try await second.image(for: request)

    // Then the original was revalidated and processed again, and the new processed entry is fresh for 600 s more
    #expect(again.tier == .revalidated)
    #expect(resize.count == 2)
    #expect(server.requestCount == 2)
    let entry = try #require(try second.disk!.lookup(second.cacheKey(for: request.url) + "#resize(32x32,fit)"))
    #expect(entry.metadata.expiresAt == clock().addingTimeInterval(600))
  }

  @Test func aResizeThatLeavesTheImageAsItWasStoresNothingMore() async throws {
    // Given the 300 px cover asked for fitted into 400 px and into 500 px (no upscaling: both leave it as it is)
    let server = try serveCover()
    defer { server.stop() }
    let requests = [400, 500].map {
      ImageRequest(
        url: server.url("/cover.png"), processors: [ImageProcessors.Resize(size: $0)], options: .storeProcessedOnDisk)
    }
    let first = try openManager()
    var shown: [ImageResponse] = []
    for request in requests { shown.append(try await first.image(for: request)) }
    try first.close()

    // When a second manager asks for them again
    let second = try openManager()
    let again = try await second.image(for: requests[0])

    // Then the disk holds the original only, which answered: no raw copies of the same pixels
    #expect(shown.map { [$0.width, $0.height] } == [[300, 300], [300, 300]])
    #expect((again.tier, again.bitmap) == (.disk, shown[0].bitmap))
    #expect(
      try #require(second.disk as? DiskStore).entries(limit: nil).map(\.key) == [second.cacheKey(for: requests[0].url)])
    #expect(server.requestCount == 1)
  }

  @Test func aProcessedRequestJoiningAPrefetchsDownloadStoresItsProcessedCopy() async throws {
    // Given a cover the server holds back, which a prefetch has started to download
    let gate = DispatchSemaphore(value: 0)
    let server = try HTTPTestServer { [cover] _ in
      gate.wait()
      return .ok(cover, headers: ["Cache-Control": "max-age=600"])
    }
    defer {
      gate.signal()
      server.stop()
    }
    let manager = try openManager()
    let url = server.url("/cover.png")
    let prefetch = Task { await manager.prefetch([url]) }
    try await server.waitForRequests(1)

    // When a request resized to 48 px with `storeProcessedOnDisk` joins that download
    let request = ImageRequest(
      url: url, processors: [ImageProcessors.Resize(size: 48)], options: .storeProcessedOnDisk)
    let shown = Task { try await manager.image(for: request) }
    try await waitUntil("the request to join the prefetch's download") {
      manager.dataJobs.waiterCount(for: LoadJobKey(url: url, mode: .standard)) >= 2
    }
    gate.signal()

    // Then one download answered both, and the processed copy is on disk with the original's expiry
    #expect(try await shown.value.width == 48)
    #expect(await prefetch.value.fetched == 1)
    #expect(server.requestCount == 1)
    let key = manager.cacheKey(for: url)
    let original = try #require(try manager.disk!.lookup(key))
    let processed = try #require(try manager.disk!.lookup(key + "#resize(48x48,fit)"))
    #expect(processed.metadata.expiresAt == original.metadata.expiresAt)
    #expect(processed.metadata.expiresAt == clock().addingTimeInterval(600))
    #expect(StoredBitmap.decode(processed.data) == (try await shown.value.bitmap))
  }

  @Test func withoutTheOptionOnlyTheOriginalIsStored() async throws {
    let server = try serveCover()
    defer { server.stop() }
    let manager = try openManager()
    let request = ImageRequest(url: server.url("/cover.png"), processors: [ImageProcessors.Resize(size: 64)])
    _ = try await manager.image(for: request)
    #expect(
      try #require(manager.disk as? DiskStore).entries(limit: nil).map(\.key) == [manager.cacheKey(for: request.url)])
  }
}

@Suite struct StoredBitmapTests {
  private let bitmap = ImageBitmap(width: 3, height: 2, pixels: (0..<24).map { UInt8($0 * 7) })

  @Test func roundTripsAndSaysWhatItIs() {
    let bytes = StoredBitmap.encode(bitmap)
    #expect(Array(bytes.prefix(20)) == Array("ICRGBA1\n".utf8) + [3, 0, 0, 0, 2, 0, 0, 0] + Array(bytes[16..<20]))
    #expect(bytes.count == 20 + 24)
    #expect(StoredBitmap.decode(bytes) == bitmap)
  }

  @Test func rejectsAnythingNotSound() {
    let bytes = StoredBitmap.encode(bitmap)
    var flipped = bytes
    flipped[30] ^= 1
    var wider = bytes
    wider[8] = 4
    #expect(StoredBitmap.decode(flipped) == nil)
    #expect(StoredBitmap.decode(Array(bytes.dropLast())) == nil)
    #expect(StoredBitmap.decode(Array(bytes.prefix(12))) == nil)
    #expect(StoredBitmap.decode(wider) == nil)
    #expect(StoredBitmap.decode([]) == nil)
    #expect(StoredBitmap.decode(ImageRequestTests.coverPNG(seed: 1)) == nil)
    #expect(StoredBitmap.decode(bytes, limits: DecodingLimits(maxPixels: 5)) == nil)
  }
}
