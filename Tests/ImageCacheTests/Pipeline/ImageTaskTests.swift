import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ImageCache

/// `ImageTask` against a real libcurl loader and the test server: priorities in the transfer queue, progress, and
/// cancellation by handle and by `Task`.
@Suite(.timeLimit(.minutes(20))) struct ImageTaskTests {
  /// One transfer at a time unless told otherwise, no disk tier: every image not in memory goes to the server.
  private func makeManager(
    transfers: Int = 1, stallTimeout: Duration = .seconds(300)
  ) -> (ImageManager, CurlDataLoader) {
    let loader = CurlDataLoader(
      configuration: .init(maxConcurrentTransfers: transfers, stallTimeout: stallTimeout))
    let manager = ImageManager(
      loader: loader, memory: ImageMemoryStore(costLimit: 1 << 24, countLimit: 100), disk: nil,
      decoder: ImageDecoder())
    return (manager, loader)
  }

  /// A server of small PNGs whose answer to `/first` is held until `held` is released.
  private func makeServer(holding held: HeldAnswers) throws -> HTTPTestServer {
    try HTTPTestServer { request in
      if request.path == "/first" { held.wait() }
      return .ok(Images.png(seed: UInt8(request.path.count)))
    }
  }

  /// Starts a task and waits until its transfer is queued in the loader (the loader has seen `requests` in all).
  private func queue(
    _ manager: ImageManager, _ loader: CurlDataLoader, _ url: URL, _ priority: ImageRequest.Priority,
    requests: Int
  ) async throws -> ImageTask {
    let task = manager.imageTask(with: ImageRequest(url: url, priority: priority))
    try await waitUntil("\(url.path) handed to the loader") { loader.metrics.requests == requests }
    return task
  }

  @Test func raisingAQueuedTasksPriorityMovesItAheadOfTheOthers() async throws {
    // Given one transfer in flight and three low-priority tasks queued behind it
    let held = HeldAnswers()
    let server = try makeServer(holding: held)
    defer { server.stop() }
    let (manager, loader) = makeManager()
    let first = try await queue(manager, loader, server.url("/first"), .normal, requests: 1)
    try await waitUntil("the first request at the server") { server.requestCount == 1 }
    let a = try await queue(manager, loader, server.url("/a"), .low, requests: 2)
    let b = try await queue(manager, loader, server.url("/b"), .low, requests: 3)
    let c = try await queue(manager, loader, server.url("/c"), .low, requests: 4)

    // When the last one's row scrolls into view, then the first transfer ends
    c.priority = .high
    held.release()
    for task in [first, a, b, c] { _ = try await task.response }

    // Then it went next, and the others kept their order
    #expect(server.requests.map(\.path) == ["/first", "/c", "/a", "/b"])
    #expect(c.priority == .high)
  }

  @Test func aHigherPriorityCallerJoiningAQueuedLoadRaisesIt() async throws {
    // Given one transfer in flight and two low-priority tasks queued behind it
    let held = HeldAnswers()
    let server = try makeServer(holding: held)
    defer { server.stop() }
    let (manager, loader) = makeManager()
    let first = try await queue(manager, loader, server.url("/first"), .normal, requests: 1)
    try await waitUntil("the first request at the server") { server.requestCount == 1 }
    let a = try await queue(manager, loader, server.url("/a"), .low, requests: 2)
    let b = try await queue(manager, loader, server.url("/b"), .low, requests: 3)

    // When a caller at high priority asks for the second one's image
    let visible = Task { try await manager.image(for: ImageRequest(url: server.url("/b"), priority: .high)) }
    try await waitUntil("the second load raised to high") {
      manager.dataJobs.priority(for: LoadJobKey(url: server.url("/b"), mode: .standard)) == .high
    }
    held.release()
    let joined = try await visible.value
    for task in [first, a, b] { _ = try await task.response }

    // Then its transfer went before the first low one, and served both of its callers
    #expect(server.requests.map(\.path) == ["/first", "/b", "/a"])
    #expect(joined.tier == .network)
    #expect(loader.metrics.requests == 3)
  }

  @Test func lowPriorityPrefetchesWaitBehindAnImageAskedForAtNormalPriority() async throws {
    // Given one transfer in flight and a prefetch of three images queued behind it
    let held = HeldAnswers()
    let server = try makeServer(holding: held)
    defer { server.stop() }
    let (manager, loader) = makeManager()
    let first = try await queue(manager, loader, server.url("/first"), .normal, requests: 1)
    try await waitUntil("the first request at the server") { server.requestCount == 1 }
    let prefetch = Task { await manager.prefetch(["/p1", "/p2", "/p3"].map(server.url)) }
    try await waitUntil("the prefetch's three loads handed to the loader") { loader.metrics.requests == 4 }

    // When a screen asks for an image at the default priority
    let shown = Task { try await manager.image(for: server.url("/shown")) }
    try await waitUntil("the shown image handed to the loader") { loader.metrics.requests == 5 }
    held.release()
    _ = try await shown.value
    _ = try await first.response
    let report = await prefetch.value

    // Then it overtook the prefetch (whose own loads start in no particular order)
    #expect(report.fetched == 3)
    let paths = server.requests.map(\.path)
    #expect(paths.prefix(2) == ["/first", "/shown"])
    #expect(Set(paths.dropFirst(2)) == ["/p1", "/p2", "/p3"])
  }

  @Test func progressRisesToTheBodySizeThenTheTaskFinishes() async throws {
    // Given an image of known size, large enough to arrive in several pieces
    let png = noisyPNG(7, side: 300)
    let server = try HTTPTestServer { _ in .ok(png) }
    defer { server.stop() }
    let (manager, _) = makeManager()

    // When a task loads it
    let task = manager.imageTask(with: ImageRequest(url: server.url("/big.png")))
    var events: [ImageTask.Event] = []
    for await event in task.events { events.append(event) }

    // Then progress rose with every report, the declared size known throughout, up to the size; then it finished
    let progress = events.compactMap { event -> (Int, Int?)? in
      if case .progress(let received, let expected) = event { return (received, expected) } else { return nil }
    }
    #expect(!progress.isEmpty)
    #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.0 < $1.0 })
    #expect(progress.allSatisfy { $0.1 == png.count })
    #expect(progress.last?.0 == png.count)
    guard case .finished(.success(let response)) = events.last else {
      Issue.record("the last event should be a success, got \(String(describing: events.last))")
      return
    }
    #expect(events.count == progress.count + 1)
    #expect(response.byteCount == png.count)
    #expect(response.bitmap == noisyBitmap(7, side: 300))
    #expect(try await task.response.tier == .network)
  }

  @Test func aMemoryHitFinishesWithoutProgress() async throws {
    let server = try HTTPTestServer { _ in .ok(Images.png()) }
    defer { server.stop() }
    let (manager, _) = makeManager()
    _ = try await manager.image(for: server.url("/a.png"))

    let task = manager.imageTask(with: ImageRequest(url: server.url("/a.png")))
    var events: [ImageTask.Event] = []
    for await event in task.events { events.append(event) }

    #expect(events.count == 1)
    guard case .finished(.success(let response)) = events.first else {
      Issue.record("expected one success, got \(events)")
      return
    }
    #expect(response.tier == .memory)
    #expect(server.requestCount == 1)
  }

  @Test func cancellingOneOfTwoTasksForAnImageLeavesTheOtherItsTransfer() async throws {
    // Given two tasks waiting for one held transfer
    let held = HeldAnswers()
    let server = try makeServer(holding: held)
    defer { server.stop() }
    let (manager, _) = makeManager(transfers: 4)
    let url = server.url("/first")
    let leaving = manager.imageTask(with: ImageRequest(url: url))
    let staying = manager.imageTask(with: ImageRequest(url: url))
    try await waitUntil("the request at the server") { server.requestCount == 1 }
    try await waitUntil("both tasks waiting for it") {
      manager.imageJobs.waiterCount(
        for: .request(ImageJobKey(memoryKey: ImageRequest(url: url).memoryKey, options: []))) == 2
    }

    // When one is cancelled, then the answer comes
    leaving.cancel()
    var leavingEvents: [ImageTask.Event] = []
    for await event in leaving.events { leavingEvents.append(event) }
    held.release()

    // Then the cancelled one finished cancelled, the other got the image from the one transfer
    guard case .finished(.failure(.cancelled))? = leavingEvents.last else {
      Issue.record("the cancelled task should finish cancelled, got \(leavingEvents)")
      return
    }
    #expect(try await staying.response.tier == .network)
    await #expect(throws: ImageManagerError.cancelled) { try await leaving.response }
    #expect(server.requestCount == 1)
  }

  @Test func cancellingTheLastTaskStopsTheTransfer() async throws {
    // Given two tasks waiting for a transfer whose body never comes
    let server = try HTTPTestServer { _ in .stallAfterHeaders }
    defer { server.stop() }
    let (manager, _) = makeManager(transfers: 4, stallTimeout: .seconds(600))
    let url = server.url("/stalled.png")
    let tasks = (0..<2).map { _ in manager.imageTask(with: ImageRequest(url: url)) }
    try await waitUntil("the request in flight at the server") { server.requestsInFlight == 1 }

    // When one is cancelled, the transfer goes on; when the other is too, it stops
    tasks[0].cancel()
    await #expect(throws: ImageManagerError.cancelled) { try await tasks[0].response }
    #expect(server.requestsInFlight == 1)
    tasks[1].cancel()
    await #expect(throws: ImageManagerError.cancelled) { try await tasks[1].response }

    // Then the client hung up well before the stall timeout would have ended it
    try await waitUntil("the client to hang up") { server.requestsInFlight == 0 }
    #expect(manager.dataJobs.inFlight == 0)
  }

  @Test func cancellingTheTaskAwaitingAnImageStopsTheTransfer() async throws {
    let server = try HTTPTestServer { _ in .stallAfterHeaders }
    defer { server.stop() }
    let (manager, _) = makeManager(stallTimeout: .seconds(600))
    let url = server.url("/stalled.png")

    // When the Swift task awaiting `image(for:)` is cancelled
    let caller = Task { try await manager.image(for: ImageRequest(url: url)) }
    try await waitUntil("the request in flight at the server") { server.requestsInFlight == 1 }
    caller.cancel()

    // Then it ends cancelled and the transfer stops
    await #expect(throws: ImageManagerError.cancelled) { try await caller.value }
    try await waitUntil("the client to hang up") { server.requestsInFlight == 0 }
  }

  @Test func cancellingTheTaskAwaitingAResponseCancelsTheImageTask() async throws {
    let server = try HTTPTestServer { _ in .stallAfterHeaders }
    defer { server.stop() }
    let (manager, _) = makeManager(stallTimeout: .seconds(600))
    let task = manager.imageTask(with: ImageRequest(url: server.url("/stalled.png")))
    let awaiting = Task { try await task.response }
    try await waitUntil("the request in flight at the server") { server.requestsInFlight == 1 }

    awaiting.cancel()

    await #expect(throws: ImageManagerError.cancelled) { try await awaiting.value }
    var last: ImageTask.Event?
    for await event in task.events { last = event }
    guard case .finished(.failure(.cancelled))? = last else {
      Issue.record("the image task should finish cancelled, got \(String(describing: last))")
      return
    }
    try await waitUntil("the client to hang up") { server.requestsInFlight == 0 }
  }
}
