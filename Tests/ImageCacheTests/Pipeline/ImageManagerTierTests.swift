import Foundation
import ImageCache
import Testing

@Suite struct ImageManagerTierTests {
  @Test func lookupOrderIsMemoryThenDiskThenNetwork() async throws {
    // Given a manager with an empty cache and a server that has the image
    let directory = temporaryDirectory()
    let loader = ScriptedLoader(fallback: Images.ok(Images.png()))
    let first = try makeManager(loader: loader, directory: directory)

    // When it is asked twice, then a second manager on the same folder is asked
    let fromNetwork = try await first.image(for: Images.url)
    let fromMemory = try await first.image(for: Images.url)
    try first.close()
    let second = try makeManager(loader: loader, directory: directory)
    let fromDisk = try await second.image(for: Images.url)
    let promoted = try await second.image(for: Images.url)

    // Then each tier answered in turn and the network was asked once
    #expect(fromNetwork.tier == .network)
    #expect(fromMemory.tier == .memory)
    #expect(fromDisk.tier == .disk)
    #expect(promoted.tier == .memory)
    #expect(loader.requestCount == 1)
    #expect(fromDisk.bitmap == fromNetwork.bitmap)
    #expect((fromNetwork.width, fromNetwork.height) == (6, 4))
  }

  @Test func expiredEntryIsRevalidatedAnd304RefreshesItWithoutDownloading() async throws {
    // Given an entry stored with an ETag and max-age of 60 s
    let clock = TestClock()
    let directory = temporaryDirectory()
    let loader = ScriptedLoader(fallback: Images.status(304, headers: ["cache-control": "max-age=600"]))
    loader.enqueue(Images.ok(Images.png(), headers: ["etag": "\"v1\"", "cache-control": "max-age=60"]))
    let manager = try makeManager(loader: loader, directory: directory, clock: clock)
    _ = try await manager.data(for: Images.url)

    // When it is asked again within max-age, then after it
    let fresh = try await manager.data(for: Images.url)
    clock.advance(by: 61)
    let revalidated = try await manager.data(for: Images.url)
    let freshAgain = try await manager.data(for: Images.url)

    // Then only the expired ask went to the network, conditionally, and 304 renewed the entry
    #expect(fresh.tier == .disk)
    #expect(revalidated.tier == .revalidated)
    #expect(freshAgain.tier == .disk)
    #expect(loader.requestCount == 2)
    #expect(loader.requests[1].headers["If-None-Match"] == "\"v1\"")
    #expect(revalidated.bytes == Images.png())
  }

  @Test func staleEntryIsServedWhenTheNetworkIsDown() async throws {
    // Given an expired entry
    let clock = TestClock()
    let loader = ScriptedLoader(fallback: .failure(.couldNotConnect("connection refused")))
    loader.enqueue(Images.ok(Images.png(), headers: ["cache-control": "max-age=10"]))
    let manager = try makeManager(loader: loader, directory: temporaryDirectory(), clock: clock)
    _ = try await manager.data(for: Images.url)
    clock.advance(by: 11)

    // When the network is unreachable
    let result = try await manager.data(for: Images.url)

    // Then the stale copy is served and marked so
    #expect(result.tier == .disk)
    #expect(result.isStale)
    #expect(result.bytes == Images.png())
    #expect(manager.networkStatistics.staleServed == 1)
  }

  @Test func htmlErrorPageIsRefusedAndNothingIsCached() async throws {
    let html = Array("<!DOCTYPE html><html><body>Oops</body></html>".utf8)
    let loader = ScriptedLoader(fallback: Images.ok(html, headers: ["content-type": "image/png"]))
    let manager = try makeManager(loader: loader, directory: temporaryDirectory())

    await #expect(throws: ImageManagerError.self) { try await manager.image(for: Images.url) }
    do {
      _ = try await manager.image(for: Images.url)
    } catch {
      guard case .decoding(_, .unsupportedFormat) = error else {
        Issue.record("expected unsupportedFormat, got \(error)")
        return
      }
    }
    #expect(try #require(manager.disk as? DiskStore).statistics().entryCount == 0)
    #expect(manager.memory.statistics.count == 0)
  }

  @Test func notFoundIsATypedErrorNamingTheURLWithoutItsQuery() async throws {
    let loader = ScriptedLoader(fallback: Images.status(404))
    let manager = try makeManager(loader: loader)
    let url = URL(string: "http://images.test/a.png?api_key=SECRET123")!

    do {
      _ = try await manager.image(for: url)
      Issue.record("expected an error")
    } catch {
      #expect(error == .httpStatus(url: "http://images.test/a.png", code: 404))
      #expect(!error.description.contains("SECRET123"))
    }
  }

  @Test func nonHTTPSchemesAreRefusedBeforeAnyLoad() async throws {
    let loader = ScriptedLoader(fallback: Images.ok(Images.png()))
    let manager = try makeManager(loader: loader)
    await #expect(throws: ImageManagerError.self) {
      try await manager.image(for: URL(string: "file:///etc/passwd")!)
    }
    #expect(loader.requestCount == 0)
  }
}
