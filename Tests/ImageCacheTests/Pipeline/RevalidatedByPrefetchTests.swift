import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ImageCache

/// A prefetch revalidates the stale entries its disk probe found without reading their bytes (a 304 leaves them on
/// disk); a caller that joins such a revalidation still gets the bytes, and the offline-first rule still serves the
/// stale copy when the network fails. Against a real libcurl loader, as `imgcache warm` runs it.
@Suite(.timeLimit(.minutes(20))) struct RevalidatedByPrefetchTests {
  private let disk: LookupCountingDisk
  private let manager: ImageManager

  init() throws {
    disk = LookupCountingDisk(try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 24))
    manager = ImageManager(
      loader: RetryingDataLoader(
        wrapping: CurlDataLoader(configuration: .patient),
        policy: RetryPolicy(maxRetries: 1, sleep: { _ in })),
      memory: ImageMemoryStore(costLimit: 1 << 24, countLimit: 100), disk: disk, decoder: ImageDecoder())
  }

  /// Stores `image` for `url` as a response with ETag "v1" that expired an hour ago would have been.
  private func storeStale(_ image: [UInt8], for url: URL) throws {
    let header = try ImageDecoder().header(of: image)
    try disk.store(
      CredentialParameters.default.cacheKey(for: url), data: image,
      metadata: DiskEntryMetadata(
        contentType: header.format.contentType, width: header.width, height: header.height, etag: "\"v1\"",
        expiresAt: Date().addingTimeInterval(-3600)))
  }

  /// 304 to a request that names ETag "v1", else `image` with ETag "v2".
  private static func conditional(_ image: [UInt8]) -> HTTPTestServer.Handler {
    { request in
      request.header("If-None-Match") == "\"v1\""
        ? .status(304, headers: ["ETag": "\"v1\""]) : .ok(image, headers: ["ETag": "\"v2\""])
    }
  }

  @Test func aPrefetchConfirmsStaleEntriesWithoutReadingTheirBytes() async throws {
    // Given 12 stale entries whose images have not changed
    let images = (0..<12).map { Images.png(width: 2 + $0 % 5, height: 3, seed: UInt8($0)) }
    let server = try HTTPTestServer { request in
      guard let number = Int(request.path.dropFirst()) else { return .status(404) }
      return Self.conditional(images[number])(request)
    }
    defer { server.stop() }
    let urls = (0..<12).map { server.url("/\($0)") }
    for (image, url) in zip(images, urls) { try storeStale(image, for: url) }

    // When they are prefetched
    let report = await manager.prefetch(urls, maxInFlight: 4)

    // Then each was confirmed by a conditional request, none was read or downloaded, and each is fresh again with
    // its bytes unchanged
    #expect(report.revalidated == 12)
    #expect(report.fetched == 0 && report.failed == 0 && report.bytesDownloaded == 0)
    #expect(server.requests.allSatisfy { $0.header("If-None-Match") == "\"v1\"" })
    #expect(server.requestCount == 12)
    #expect(disk.lookups == 0)
    #expect(manager.networkStatistics.revalidated == 12)
    for (image, url) in zip(images, urls) {
      let stored = try #require(try disk.base.lookup(CredentialParameters.default.cacheKey(for: url)))
      #expect(stored.data == image)
      #expect(stored.metadata.isFresh(at: Date()))
    }
  }

  @Test func aCellJoiningARevalidationAPrefetchStartedGetsThePixels() async throws {
    // Given a stale image whose 304 the server holds back
    let image = Images.png(width: 5, height: 3, seed: 9)
    let gate = DispatchSemaphore(value: 0)
    let answer = Self.conditional(image)
    let server = try HTTPTestServer { request in
      gate.wait()
      return answer(request)
    }
    defer {
      gate.signal()
      server.stop()
    }
    let url = server.url("/held.png")
    try storeStale(image, for: url)

    // When a prefetch revalidates it and a table cell asks for it meanwhile
    let prefetch = Task { await manager.prefetch([url]) }
    try await server.waitForRequests(1)
    let cell = Task { try await manager.image(for: url) }
    try await waitUntil("the cell to join the prefetch's revalidation") {
      manager.dataJobs.waiterCount(for: LoadJobKey(url: url, mode: .standard)) >= 2
    }
    gate.signal()

    // Then one request answered both: the prefetch counts a revalidation, the cell decodes the bytes from disk
    let response = try await cell.value
    #expect(await prefetch.value.revalidated == 1)
    #expect(server.requestCount == 1)
    #expect(response.tier == .revalidated)
    #expect(response.bitmap.width == 5 && response.bitmap.height == 3)
    #expect(response.byteCount == image.count)
  }

  @Test func withTheServerGoneAPrefetchServesTheStaleCopies() async throws {
    // Given two stale entries and a server that has gone away (an address that refuses while the test runs: a
    // stopped server's port may be given to another test's server meanwhile)
    let gone = try RefusingAddress()
    let urls = [gone.url("/a.png"), gone.url("/b.png")]
    for (index, url) in urls.enumerated() { try storeStale(Images.png(seed: UInt8(index)), for: url) }

    // When they are prefetched
    let report = await manager.prefetch(urls)

    // Then both count as served stale (offline first), none failed, and both stay cached
    #expect(report.stale == 2)
    #expect(report.failed == 0)
    #expect(try disk.base.statistics().entryCount == 2)
    withExtendedLifetime(gone) {}
  }

  @Test func aBusyAnswerIsRetriedWithTheSameValidators() async throws {
    // Given a stale entry whose first revalidation meets a 503
    let image = Images.png(width: 3, height: 3, seed: 4)
    let script = HTTPTestReplyScript([.status(503)], then: .status(304, headers: ["ETag": "\"v1\""]))
    let server = try HTTPTestServer { _ in script.next() }
    defer { server.stop() }
    let url = server.url("/busy.png")
    try storeStale(image, for: url)

    // When it is prefetched
    let report = await manager.prefetch([url])

    // Then the second, still conditional, attempt confirmed it, and the entry is fresh with its bytes
    #expect(report.revalidated == 1)
    #expect(server.requestCount == 2)
    #expect(server.requests.allSatisfy { $0.header("If-None-Match") == "\"v1\"" })
    let stored = try #require(try disk.base.lookup(CredentialParameters.default.cacheKey(for: url)))
    #expect(stored.data == image)
    #expect(stored.metadata.isFresh(at: Date()))
  }

  @Test func anImageTheServerNoLongerHasIsDropped() async throws {
    // Given a stale entry the server now answers 404 for
    let server = try HTTPTestServer { _ in .status(404) }
    defer { server.stop() }
    let url = server.url("/gone.png")
    try storeStale(Images.png(), for: url)

    // When it is prefetched
    let report = await manager.prefetch([url])

    // Then it failed with the status and its entry is gone
    #expect(report.failed == 1)
    #expect(try disk.base.statistics().entryCount == 0)
  }

  /// Overwrites the first bytes of `url`'s stored file, keeping its size: the rot a disk or a stray write leaves.
  private func damageStoredHeader(of url: URL) throws {
    let file = try #require(try disk.base.blobURL(forKey: CredentialParameters.default.cacheKey(for: url)))
    var bytes = try [UInt8](Data(contentsOf: file))
    for index in 0..<8 { bytes[index] = 0 }
    try Data(bytes).write(to: file)
  }

  @Test func aPrefetchFetchesAStaleCopyWhoseBytesRottedAgainWithoutValidators() async throws {
    // Given a stale entry whose file's header was damaged, its size unchanged, and a server that would confirm it
    let image = Images.png(width: 4, height: 3, seed: 7)
    let server = try HTTPTestServer(handler: Self.conditional(image))
    defer { server.stop() }
    let url = server.url("/rotted.png")
    try storeStale(image, for: url)
    try damageStoredHeader(of: url)

    // When it is prefetched
    let report = await manager.prefetch([url])

    // Then no 304 confirmed the damaged copy: it was fetched again without validators and the good bytes stored
    #expect(report.fetched == 1 && report.revalidated == 0 && report.failed == 0)
    #expect(server.requests.map { $0.header("If-None-Match") } == [nil])
    let stored = try #require(try disk.base.lookup(CredentialParameters.default.cacheKey(for: url)))
    #expect(stored.data == image)
    #expect(stored.metadata.etag == "\"v2\"")
  }

  @Test(arguments: [true, false])
  func aLookupFetchesACopyWhoseBytesRottedAgainWithoutValidators(stale: Bool) async throws {
    // Given an entry (stale, or fresh) whose file's header was damaged, and a server that would confirm it
    let image = Images.png(width: 6, height: 2, seed: 3)
    let server = try HTTPTestServer(handler: Self.conditional(image))
    defer { server.stop() }
    let url = server.url("/rotted-\(stale).png")
    try storeStale(image, for: url)
    if !stale {
      try disk.refresh(
        CredentialParameters.default.cacheKey(for: url),
        metadata: DiskEntryMetadata(
          contentType: "image/png", width: 6, height: 2, etag: "\"v1\"", expiresAt: Date().addingTimeInterval(3600)))
    }
    try damageStoredHeader(of: url)

    // When a caller asks for its bytes
    let result = try await manager.data(for: url)

    // Then they come from the network, asked for without validators, and the good copy replaces the damaged one
    #expect(result.tier == .network)
    #expect(result.bytes == image)
    #expect(server.requests.map { $0.header("If-None-Match") } == [nil])
    #expect(try disk.base.lookup(CredentialParameters.default.cacheKey(for: url))?.data == image)
  }

  @Test func aChangedImageReplacesItsStaleCopy() async throws {
    // Given a stale entry whose image has changed on the server
    let old = Images.png(width: 2, height: 2, seed: 1)
    let new = Images.png(width: 7, height: 4, seed: 2)
    let server = try HTTPTestServer { request in
      request.header("If-None-Match") == "\"v2\"" ? .status(304) : .ok(new, headers: ["ETag": "\"v2\""])
    }
    defer { server.stop() }
    let url = server.url("/changed.png")
    try storeStale(old, for: url)

    // When it is prefetched
    let report = await manager.prefetch([url])

    // Then the new image is downloaded and stored with its validator
    #expect(report.fetched == 1)
    let stored = try #require(try disk.base.lookup(CredentialParameters.default.cacheKey(for: url)))
    #expect(stored.data == new)
    #expect(stored.metadata.etag == "\"v2\"")
    #expect(stored.metadata.width == 7)
  }
}

/// The disk tier, counting `lookup`s: each one reads an entry's bytes.
private final class LookupCountingDisk: BatchedDiskCaching {
  let base: DiskStore
  private let count = Atomic(0)

  init(_ base: DiskStore) { self.base = base }

  var lookups: Int { count.load(ordering: .relaxed) }

  func lookup(_ key: String) throws(DiskCacheError) -> DiskCacheHit? {
    count.add(1, ordering: .relaxed)
    return try base.lookup(key)
  }
  func probe(_ keys: [String], freshAt now: Date, staleCopyIsSound isSound: ([UInt8]) -> Bool)
    throws(DiskCacheError) -> DiskProbe
  {
    try base.probe(keys, freshAt: now, staleCopyIsSound: isSound)
  }
  func store(_ key: String, data: [UInt8], metadata: DiskEntryMetadata) throws(DiskCacheError) {
    try base.store(key, data: data, metadata: metadata)
  }
  func store(batch writes: [DiskWrite]) throws(DiskCacheError) { try base.store(batch: writes) }
  func refresh(_ key: String, metadata: DiskEntryMetadata) throws(DiskCacheError) {
    try base.refresh(key, metadata: metadata)
  }
  func refresh(batch refreshes: [DiskRefresh]) throws(DiskCacheError) { try base.refresh(batch: refreshes) }
  func remove(_ key: String) throws(DiskCacheError) { try base.remove(key) }
  func removeAll() throws(DiskCacheError) { try base.removeAll() }
  func close() throws(DiskCacheError) { try base.close() }
}
