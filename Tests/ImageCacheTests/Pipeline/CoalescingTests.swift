import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ImageCache

@Suite(.timeLimit(.minutes(20))) struct CoalescingTests {
  @Test func hundredConcurrentRequestsForOneURLMakeOneTransfer() async throws {
    // Given a slow server (the gate holds the answer until every caller is waiting)
    let loader = ScriptedLoader(fallback: Images.ok(Images.png()))
    loader.closeGate()
    let manager = try makeManager(loader: loader, directory: temporaryDirectory())

    // When 100 callers ask at once, and the answer comes only once all of them wait on the one image job
    let job = ImageJob.request(ImageJobKey(memoryKey: manager.memoryKey(for: Images.url), options: []))
    let results = try await withThrowingTaskGroup(of: CacheTier?.self) { group in
      for _ in 0..<100 {
        group.addTask { try? await manager.image(for: Images.url).tier }
      }
      try await waitUntil("100 callers on one image job") { manager.imageJobs.waiterCount(for: job) == 100 }
      loader.openGate()
      return try await group.reduce(into: [CacheTier?]()) { $0.append($1) }
    }

    // Then one transfer served them all, none from memory: every one waited for it
    #expect(loader.requestCount == 1)
    #expect(results.count == 100)
    #expect(results.allSatisfy { $0 == .network })
  }

  @Test func cancellingOneWaiterDoesNotCancelTheOthers() async throws {
    // Given three callers waiting on one transfer
    let loader = ScriptedLoader(fallback: Images.ok(Images.png()))
    loader.closeGate()
    let manager = try makeManager(loader: loader)
    let impatient = Task { try await manager.image(for: Images.url) }
    let patient = (0..<2).map { _ in Task { try await manager.image(for: Images.url) } }
    try await waitUntil("the loader's first request") { loader.requestCount > 0 }

    // When one cancels, then the answer arrives
    impatient.cancel()
    let impatientResult = await impatient.result
    loader.openGate()

    // Then the cancelled one stopped with `.cancelled`, the others got the image from the one transfer
    guard case .failure(let error) = impatientResult, case .cancelled? = error as? ImageManagerError else {
      Issue.record("the cancelled caller should fail with .cancelled, got \(impatientResult)")
      return
    }
    for task in patient {
      let response = try await task.value
      #expect(response.tier == .network)
    }
    #expect(loader.requestCount == 1)
  }

  @Test func whenEveryWaiterCancelsTheTransferIsCancelledAndALaterCallStartsAfresh() async throws {
    let loader = ScriptedLoader(fallback: Images.ok(Images.png()))
    loader.closeGate()
    let manager = try makeManager(loader: loader)
    let only = Task { try await manager.image(for: Images.url) }
    try await waitUntil("the loader's first request") { loader.requestCount > 0 }

    only.cancel()
    _ = await only.result
    loader.openGate()
    let later = try await manager.image(for: Images.url)

    #expect(later.tier == .network)
    #expect(loader.requestCount == 2)
  }

  @Test func prefetchReportsEachOutcome() async throws {
    // Given one good URL, one 404 and one HTML page
    let good = URL(string: "http://images.test/good.png")!
    let missing = URL(string: "http://images.test/missing.png")!
    let html = URL(string: "http://images.test/page.png")!
    let loader = RoutingLoader(routes: [
      good: Images.ok(Images.png()), missing: Images.status(404),
      html: Images.ok(Array("<html></html>".utf8)),
    ])
    let manager = ImageManager(
      loader: loader, memory: ImageMemoryStore(costLimit: 1 << 20, countLimit: 10),
      disk: try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 20), decoder: ImageDecoder())

    // When they are prefetched twice (duplicates in the list count once)
    let first = await manager.prefetch([good, missing, html, good])
    let second = await manager.prefetch([good])

    // Then
    #expect(first.total == 3)
    #expect(first.fetched == 1)
    #expect(first.failed == 2)
    #expect(first.bytesDownloaded == Images.png().count)
    #expect(Set(first.failures.map(\.url)) == [missing.absoluteString, html.absoluteString])
    #expect(second.alreadyFresh == 1)
    #expect(second.fetched == 0)
  }

  @Test func prefetchProbesTheDiskInBatchesAndCountsEachLookupOnce() async throws {
    // Given a cache holding 3 of 70 URLs (more than one probe batch)
    let urls = (0..<70).map { URL(string: "http://images.test/\($0).png")! }
    let loader = ScriptedLoader(fallback: Images.ok(Images.png()))
    let disk = try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 24)
    let manager = makeManager(loader: loader, disk: disk)
    _ = await manager.prefetch([urls[0], urls[40], urls[69]])

    // When all 70 are prefetched
    let report = await manager.prefetch(urls, maxInFlight: 4)

    // Then the 3 come from disk, the others from the network, and every lookup is counted once
    #expect(report.alreadyFresh == 3)
    #expect(report.fetched == 67)
    #expect(loader.requestCount == 70)
    let statistics = try disk.statistics()
    #expect(statistics.entryCount == 70)
    #expect(statistics.hits == 3)
    #expect(statistics.misses == 70)
  }

  @Test func prefetchAnswersFreshEntriesFromTheIndexAndRepairsAMissingFile() async throws {
    // Given 10 cached URLs, one of whose files was deleted behind the cache's back
    let urls = (0..<10).map { URL(string: "http://images.test/\($0).png")! }
    let loader = ScriptedLoader(fallback: Images.ok(Images.png()))
    let disk = try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 24)
    let manager = makeManager(loader: loader, disk: disk)
    _ = await manager.prefetch(urls)
    try FileManager.default.removeItem(
      at: try #require(try disk.blobURL(forKey: CredentialParameters.default.cacheKey(for: urls[4]))))

    // When they are prefetched again
    let progress = Mutex<[Int]>([])
    let report = await manager.prefetch(urls, maxInFlight: 3) { update in
      progress.withLock { $0.append(update.completed) }
    }

    // Then 9 are fresh without a request, the missing one is fetched again and is whole on disk
    #expect(report.alreadyFresh == 9)
    #expect(report.fetched == 1)
    #expect(loader.requestCount == 11)
    #expect(try disk.lookup(CredentialParameters.default.cacheKey(for: urls[4]))?.data == Images.png())
    // and progress was reported for every URL
    #expect(progress.withLock { $0 } == Array(1...10))
  }
}

/// Answers by URL.
struct RoutingLoader: DataLoading {
  let routes: [URL: Result<DataResponse, TransferError>]

  func load(_ request: DataRequest) async throws(TransferError) -> DataResponse {
    guard let reply = routes[request.url] else { throw .couldNotConnect("no route") }
    return try reply.get()
  }
}
