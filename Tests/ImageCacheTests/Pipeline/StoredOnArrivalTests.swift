import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ImageCache

/// A prefetch's first attempt is checked and stored where it arrives (on the curl thread, then the disk writer's),
/// with the task that asked resuming once. These run it against a real libcurl loader, as `imgcache warm` does, and
/// check it keeps every rule of the path it short-cuts: retries, refusals, counters, cancellation and coalescing.
@Suite(.timeLimit(.minutes(20))) struct StoredOnArrivalTests {
  /// Built as `ImageManager.live` builds it: retries around libcurl, with backoff that does not wait.
  private func makeManager(_ disk: DiskStore, retries: Int = 2) -> ImageManager {
    let policy = RetryPolicy(maxRetries: retries, sleep: { _ in })
    return ImageManager(
      loader: RetryingDataLoader(
        wrapping: CurlDataLoader(configuration: .patient), policy: policy),
      memory: ImageMemoryStore(costLimit: 1 << 24, countLimit: 100), disk: disk, decoder: ImageDecoder())
  }

  @Test func aPrefetchStoresEveryImageWithItsBytesAndCountsThem() async throws {
    // Given 20 distinct PNGs
    let images = (0..<20).map { Images.png(width: 1 + $0 % 6, height: 1 + $0 % 5, seed: UInt8($0)) }
    let server = try HTTPTestServer { request in
      guard let number = Int(request.path.dropFirst()), images.indices.contains(number) else { return .status(404) }
      return .ok(images[number], headers: ["ETag": "\"v\(number)\""])
    }
    defer { server.stop() }
    let disk = try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 24)
    let manager = makeManager(disk)
    let urls = (0..<20).map { server.url("/\($0)") }

    // When they are prefetched
    let report = await manager.prefetch(urls, maxInFlight: 8)

    // Then each is stored byte for byte with its header's size and its validator, once
    #expect(report.fetched == 20)
    #expect(report.bytesDownloaded == images.map(\.count).reduce(0, +))
    #expect(server.requestCount == 20)
    for (number, url) in urls.enumerated() {
      let entry = try #require(try disk.lookup(CredentialParameters.default.cacheKey(for: url)))
      #expect(entry.data == images[number])
      #expect(entry.metadata.width == 1 + number % 6)
      #expect(entry.metadata.height == 1 + number % 5)
      #expect(entry.metadata.etag == "\"v\(number)\"")
    }
    #expect(manager.networkStatistics.downloads == 20)
    #expect(manager.networkStatistics.bytesDownloaded == report.bytesDownloaded)
  }

  @Test func aRetryableStatusOrAResetOnTheFirstAttemptIsRetried() async throws {
    // Given one URL answered 503 first and another reset mid-body first, then both served
    let image = Images.png()
    let busy = HTTPTestReplyScript([.status(503)], then: .ok(image))
    let reset = HTTPTestReplyScript([.reset(afterBodyBytes: 10)], then: .ok(image))
    let server = try HTTPTestServer { request in request.path == "/busy" ? busy.next() : reset.next() }
    defer { server.stop() }
    let disk = try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 24)

    // When both are prefetched
    let report = await makeManager(disk).prefetch([server.url("/busy"), server.url("/reset")])

    // Then each took a second attempt and was stored
    #expect(report.fetched == 2)
    #expect(busy.served == 2)
    #expect(reset.served == 2)
    #expect(try disk.statistics().entryCount == 2)
  }

  @Test func retriesStopAtThePolicysLimit() async throws {
    // Given a server that is always busy
    let server = try HTTPTestServer { _ in .status(503) }
    defer { server.stop() }
    let disk = try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 24)

    // When it is prefetched with 2 retries
    let report = await makeManager(disk, retries: 2).prefetch([server.url("/busy.png")])

    // Then there were 3 attempts in all and the URL failed with the status
    #expect(server.requestCount == 3)
    #expect(report.failed == 1)
    #expect(report.failures.first?.message.contains("503") == true)
    #expect(try disk.statistics().entryCount == 0)
  }

  @Test func aNotFoundIsNotRetriedAndAnHTMLPageIsRefused() async throws {
    // Given a 404 and an HTML page sent with 200
    let server = try HTTPTestServer { request in
      request.path == "/gone.png" ? .status(404) : .text("<html>sorry</html>", contentType: "text/html")
    }
    defer { server.stop() }
    let disk = try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 24)
    let manager = makeManager(disk)

    // When both are prefetched
    let report = await manager.prefetch([server.url("/gone.png"), server.url("/page.png")])

    // Then both fail after one request each, and nothing is stored
    #expect(report.failed == 2)
    #expect(server.requestCount == 2)
    let messages = report.failures.map(\.message).sorted()
    #expect(messages.contains { $0.contains("404") })
    #expect(messages.contains { $0.contains("HTML") })
    #expect(try disk.statistics().entryCount == 0)
    #expect(manager.networkStatistics.failures == 2)
    #expect(manager.networkStatistics.downloads == 0)
  }

  @Test func bytesThatCannotBeStoredFailTheURL() async throws {
    // Given a disk tier with no room left
    let server = try HTTPTestServer { _ in .ok(Images.png()) }
    defer { server.stop() }
    let disk = try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 24)
    disk.simulateFreeSpace(0)

    // When a URL is prefetched
    let report = await makeManager(disk).prefetch([server.url("/a.png")])

    // Then it was downloaded but counts as failed, with the disk's reason
    #expect(report.failed == 1)
    #expect(report.failures.first?.message.contains("disk full") == true)
    #expect(try disk.statistics().entryCount == 0)
  }

  @Test func cancellingThePrefetchStopsATransferNobodyElseWaitsFor() async throws {
    // Given a server that sends headers and then nothing
    let server = try HTTPTestServer { _ in .stallAfterHeaders }
    defer { server.stop() }
    let disk = try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 24)
    let manager = makeManager(disk)
    let prefetch = Task { await manager.prefetch([server.url("/stuck.png")]) }
    try await server.waitForRequests(1)

    // When the prefetch is cancelled
    prefetch.cancel()
    let report = await prefetch.value

    // Then it ends as cancelled, with nothing stored, and the connection is let go
    #expect(report.cancelled)
    #expect(report.fetched == 0)
    #expect(try disk.statistics().entryCount == 0)
    try await server.waitUntilIdle()
  }

  @Test func anImageCallerJoiningAPrefetchedDownloadSharesIt() async throws {
    // Given an image whose reply waits until both callers wait for it
    let image = Images.png(width: 5, height: 3)
    let held = try HeldDownload(image, manager: makeManager)
    defer { held.stop() }

    // When a table cell asks for it while a prefetch is downloading it
    let (prefetch, cell) = try await held.prefetchThenJoinFromACell()
    held.release()
    let response = try await cell.value
    let report = await prefetch.value

    // Then there was one request, the cell got the pixels, and the prefetch stored the bytes
    #expect(held.server.requestCount == 1)
    #expect(response.bitmap.width == 5)
    #expect(response.bitmap.height == 3)
    #expect(report.fetched == 1)
    #expect(try held.disk.lookup(CredentialParameters.default.cacheKey(for: held.url))?.data == image)
  }

  @Test func aPrefetchJoinsADownloadAnImageCallerStarted() async throws {
    // Given an image a table cell is already downloading, whose reply waits
    let held = try HeldDownload(Images.png(width: 4, height: 2), manager: makeManager)
    defer { held.stop() }
    let cell = Task { try await held.manager.image(for: held.url) }
    try await held.waitForRequest()

    // When a prefetch asks for it too
    let prefetch = Task { await held.manager.prefetch([held.url]) }
    try await held.waitForWaiters(2)
    held.release()
    let report = await prefetch.value

    // Then both are answered by the one request
    #expect(report.fetched == 1)
    #expect(try await cell.value.bitmap.width == 4)
    #expect(held.server.requestCount == 1)
  }

  @Test func cancellingThePrefetchLeavesADownloadAnotherCallerStillWaitsFor() async throws {
    // Given an image that a prefetch started and a table cell then joined, whose reply waits
    let image = Images.png(width: 3, height: 2)
    let held = try HeldDownload(image, manager: makeManager)
    defer { held.stop() }
    let (prefetch, cell) = try await held.prefetchThenJoinFromACell()

    // When the prefetch is cancelled, and only then the reply comes
    prefetch.cancel()
    let report = await prefetch.value
    held.release()

    // Then the prefetch ends as cancelled, but the cell still gets the image from the same transfer, and it is stored
    #expect(report.cancelled)
    #expect(try await cell.value.bitmap.width == 3)
    #expect(held.server.requestCount == 1)
    #expect(try held.disk.lookup(CredentialParameters.default.cacheKey(for: held.url))?.data == image)
  }
}

/// One image behind a server that holds its reply until `release()`, so that a test can line callers up on one
/// download whatever the machine's speed; and the manager the test asks.
private struct HeldDownload {
  let server: HTTPTestServer
  let disk: DiskStore
  let manager: ImageManager
  let url: URL
  private let gate = DispatchSemaphore(value: 0)

  init(_ image: [UInt8], manager makeManager: (DiskStore, Int) -> ImageManager) throws {
    let gate = self.gate
    server = try HTTPTestServer { _ in
      gate.wait()
      return .ok(image)
    }
    disk = try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 24)
    manager = makeManager(disk, 2)
    url = server.url("/held.png")
  }

  func waitForRequest() async throws {
    try await server.waitForRequests(1)
  }

  /// Until `count` callers wait for the URL's download.
  func waitForWaiters(_ count: Int) async throws {
    try await waitUntil("\(count) callers waiting for \(url.path)") {
      manager.dataJobs.waiterCount(for: LoadJobKey(url: url, mode: .standard)) >= count
    }
  }

  /// A prefetch of the URL, and a table cell's `image(for:)` once the prefetch's request is at the server.
  func prefetchThenJoinFromACell() async throws -> (Task<PrefetchReport, Never>, Task<ImageResponse, any Error>) {
    let prefetch = Task { await manager.prefetch([url]) }
    try await waitForRequest()
    let cell = Task { try await manager.image(for: url) }
    try await waitForWaiters(2)
    return (prefetch, cell)
  }

  func release() { gate.signal() }

  func stop() {
    gate.signal()
    server.stop()
  }
}
