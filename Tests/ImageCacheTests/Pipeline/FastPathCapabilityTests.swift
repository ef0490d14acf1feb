import Foundation
import TestSupport
import Testing

@testable import ImageCache

/// A loader in front of another that hands every request on unchanged and declares what the loader behind it can
/// do, as a wrapper elsewhere in the package would.
private struct DeclaringWrapper: FileBodyLoading {
  let base: CurlDataLoader
  var writesBodiesToFiles: Bool { base.writesBodiesToFiles }
  func load(_ request: DataRequest) async throws(TransferError) -> DataResponse { try await base.load(request) }
}

/// The same wrapper declaring nothing.
private struct PlainWrapper: DataLoading {
  let base: any DataLoading
  func load(_ request: DataRequest) async throws(TransferError) -> DataResponse { try await base.load(request) }
}

/// A disk tier in front of a `DiskStore` that declares group commits and the probe, but not that it keeps streamed
/// bodies (`StreamedBodyStoring`).
private final class BatchingWrapper: BatchedDiskCaching {
  let base: DiskStore
  init(_ base: DiskStore) { self.base = base }
  func lookup(_ key: String) throws(DiskCacheError) -> DiskCacheHit? { try base.lookup(key) }
  func store(_ key: String, data: [UInt8], metadata: DiskEntryMetadata) throws(DiskCacheError) {
    try base.store(key, data: data, metadata: metadata)
  }
  func remove(_ key: String) throws(DiskCacheError) { try base.remove(key) }
  func removeAll() throws(DiskCacheError) { try base.removeAll() }
  func probe(_ keys: [String], freshAt now: Date, staleCopyIsSound isSound: ([UInt8]) -> Bool)
    throws(DiskCacheError) -> DiskProbe
  { try base.probe(keys, freshAt: now, staleCopyIsSound: isSound) }
  func store(batch writes: [DiskWrite]) throws(DiskCacheError) { try base.store(batch: writes) }
  func refresh(batch refreshes: [DiskRefresh]) throws(DiskCacheError) { try base.refresh(batch: refreshes) }
}

/// A decoder in front of the built-in one that declares nothing beyond `ImageDecoding`.
private struct PlainDecoder: ImageDecoding {
  let base = ImageDecoder()
  func header(of data: [UInt8]) throws(ImageDecodingError) -> ImageHeader { try base.header(of: data) }
  func decode(_ data: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageBitmap {
    try base.decode(data, limits: limits)
  }
  func validate(_ data: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> ImageHeader {
    try base.validate(data, limits: limits)
  }
}

/// The manager takes its fast paths by what its parts declare, not by their classes: a prefetch's body streams
/// into the blob folder when the loader says it writes bodies into files and the disk tier says it keeps them, and
/// stays in memory (still stored) when either does not say so.
@Suite(.timeLimit(.minutes(20))) struct FastPathCapabilityTests {
  private let folder = temporaryDirectory()
  private let store: DiskStore
  private let png = noisyPNG(3, side: 96)

  init() throws {
    store = try DiskStore(directory: folder, maxBytes: 1 << 26)
  }

  private func manager(
    _ loader: any DataLoading, disk: (any DiskCaching)? = nil, decoder: any ImageDecoding = ImageDecoder()
  ) -> ImageManager {
    ImageManager(
      loader: loader, memory: ImageMemoryStore(costLimit: 1 << 24, countLimit: 100), disk: disk ?? store,
      decoder: decoder)
  }

  /// What a prefetch of `url` settles with (`PrefetchRun` subscribes the same way), and the bytes stored for it.
  private func prefetched(
    _ url: URL, by manager: ImageManager
  ) async throws -> (result: DataResult, stored: [UInt8]?) {
    let result = try await withCheckedContinuation { continuation in
      _ = manager.subscribeToData(
        url, key: manager.cacheKey(for: url), probed: .absent, priority: .low
      ) { continuation.resume(returning: $0) }
    }.get()
    return (result, try store.lookup(manager.cacheKey(for: url))?.data)
  }

  private func serve() throws -> HTTPTestServer {
    try HTTPTestServer { [png] _ in .ok(png, headers: ["Cache-Control": "max-age=600"]) }
  }

  @Test func aWrapperThatDeclaresFileBodiesKeepsTheStreamedDownload() async throws {
    let server = try serve()
    defer { server.stop() }
    let manager = manager(DeclaringWrapper(base: CurlDataLoader(configuration: .patient)))

    let (result, stored) = try await prefetched(server.url("/a.png"), by: manager)

    #expect(manager.streamingBlobs != nil)
    #expect(result.bytesLeftOnDisk && result.bytes.isEmpty && result.byteCount == png.count)
    #expect(stored == png)
  }

  @Test func aRetryingLoaderStreamsWhenTheLoaderItWrapsDeclaresIt() async throws {
    let server = try serve()
    defer { server.stop() }
    let curl = CurlDataLoader(configuration: .patient)
    let manager = manager(RetryingDataLoader(wrapping: DeclaringWrapper(base: curl)))

    let (result, stored) = try await prefetched(server.url("/a.png"), by: manager)

    #expect(result.bytesLeftOnDisk && result.bytes.isEmpty)
    #expect(stored == png)
    #expect(RetryingDataLoader(wrapping: curl).writesBodiesToFiles)
    #expect(!RetryingDataLoader(wrapping: PlainWrapper(base: curl)).writesBodiesToFiles)
  }

  @Test func aWrapperThatDeclaresNothingGetsItsBodyInMemory() async throws {
    let server = try serve()
    defer { server.stop() }
    let manager = manager(PlainWrapper(base: CurlDataLoader(configuration: .patient)))

    let (result, stored) = try await prefetched(server.url("/a.png"), by: manager)

    #expect(manager.streamingBlobs == nil && manager.callbackLoader == nil)
    #expect(!result.bytesLeftOnDisk && result.bytes == png)
    #expect(stored == png)
  }

  @Test func aDiskTierThatDoesNotDeclareStreamedBodiesGetsThemInMemory() async throws {
    let server = try serve()
    defer { server.stop() }
    let manager = manager(CurlDataLoader(configuration: .patient), disk: BatchingWrapper(store))

    let (result, stored) = try await prefetched(server.url("/a.png"), by: manager)

    #expect(manager.streamingBlobs == nil && manager.batchedDisk != nil)
    #expect(!result.bytesLeftOnDisk && result.bytes == png)
    #expect(stored == png)
  }

  @Test func aDecoderThatDeclaresNothingStillChecksAStreamedBody() async throws {
    var truncated = png
    truncated.removeLast(20)
    let server = try HTTPTestServer { [png, truncated] request in
      .ok(request.path == "/cut.png" ? truncated : png, headers: ["Cache-Control": "max-age=600"])
    }
    defer { server.stop() }
    let manager = manager(CurlDataLoader(configuration: .patient), decoder: PlainDecoder())

    let (result, stored) = try await prefetched(server.url("/a.png"), by: manager)
    let refused = await #expect(throws: ImageManagerError.self) {
      try await prefetched(server.url("/cut.png"), by: manager)
    }

    #expect(manager.streamedBodyValidator == nil && manager.streamingBlobs != nil)
    #expect(result.bytesLeftOnDisk && stored == png)
    guard case .decoding? = refused else {
      Issue.record("a truncated body was not refused as undecodable: \(String(describing: refused))")
      return
    }
    #expect(try store.lookup(manager.cacheKey(for: server.url("/cut.png"))) == nil)
  }

  @Test func theProductionAssemblyTakesEveryFastPath() throws {
    // libcurl under retries, with the disk tier and the built-in decoder, as `imgcache` and the browser make it
    let manager = try ImageManager(configuration: ImageManager.Configuration(cacheDirectory: temporaryDirectory()))

    #expect(manager.callbackLoader != nil && manager.batchedDisk != nil)
    #expect(manager.streamingBlobs != nil && manager.streamedBodyValidator != nil)
  }
}
