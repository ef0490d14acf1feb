import Foundation
import ImageCache
import Synchronization
import TestSupport
import Testing

/// Holds the server's answers to some requests until opened, so tests can queue transfers behind one in flight.
final class HeldAnswers: Sendable {
  private let open = Mutex(false)

  /// Blocks the server's handler thread until `release()` (or ten minutes, which fail the test that relied on it:
  /// a whole-suite run on a loaded machine once kept tests from releasing for more than two).
  func wait() {
    do {
      try blockUntil("the held answer to be released") { open.withLock { $0 } }
    } catch {
      Issue.record(error)
    }
  }

  func release() { open.withLock { $0 = true } }
}

@Suite("CurlDataLoader: queued transfers start by priority", .timeLimit(.minutes(20)))
struct TransferPriorityTests {
  @Test func aHighPriorityRequestOvertakesQueuedLowOnesAndLowOnesKeepTheirOrder() async throws {
    // Given one transfer at a time, one in flight (its answer held), and three low-priority ones queued behind it
    let (held, server, loader, first) = try await oneTransferInFlight()
    defer { server.stop() }
    var queued: [Task<DataResponse, any Error>] = []
    for (index, name) in ["low1", "low2", "low3"].enumerated() {
      queued.append(Task { try await loader.load(DataRequest(url: server.url("/\(name)"), priority: .low)) })
      // One at a time, so that their order in the queue is known.
      try await waitUntil("\(name) handed to the loader") { loader.metrics.requests == 2 + index }
    }

    // When a high-priority request comes after them, and the first transfer ends
    let high = Task { try await loader.load(DataRequest(url: server.url("/high"), priority: .high)) }
    try await waitUntil("the high-priority request handed to the loader") { loader.metrics.requests == 5 }
    #expect(server.requestCount == 1)
    held.release()
    for task in [first] + queued + [high] { _ = try await task.value }

    // Then the server saw the high-priority request next, then the low ones in the order they were asked for
    #expect(server.requests.map(\.path) == ["/first", "/high", "/low1", "/low2", "/low3"])
  }

  @Test func equalPrioritiesStartInTheOrderTheyWereAskedFor() async throws {
    let (held, server, loader, first) = try await oneTransferInFlight()
    defer { server.stop() }
    var queued: [Task<DataResponse, any Error>] = []
    for (index, (name, priority)) in [("a", .normal), ("b", .veryHigh), ("c", .normal), ("d", .veryHigh)]
      .enumerated() as EnumeratedSequence<[(String, ImageRequest.Priority)]>
    {
      queued.append(Task { try await loader.load(DataRequest(url: server.url("/\(name)"), priority: priority)) })
      try await waitUntil("\(name) handed to the loader") { loader.metrics.requests == 2 + index }
    }

    held.release()
    for task in [first] + queued { _ = try await task.value }

    #expect(server.requests.map(\.path) == ["/first", "/b", "/d", "/a", "/c"])
  }

  /// A loader running one transfer at a time, with `/first` in flight and its answer held until `held.release()`.
  private func oneTransferInFlight() async throws -> (
    held: HeldAnswers, server: HTTPTestServer, loader: CurlDataLoader, first: Task<DataResponse, any Error>
  ) {
    let held = HeldAnswers()
    let server = try HTTPTestServer { request in
      if request.path == "/first" { held.wait() }
      return .text(request.path)
    }
    // The held answer waits for the test, which a busy run may not schedule for a while: no stall or transfer
    // cut-off meanwhile (a starved whole-suite run passed the default 60 s for the transfer).
    let loader = CurlDataLoader(
      configuration: .init(maxConcurrentTransfers: 1, stallTimeout: .seconds(300), transferTimeout: .seconds(600)))
    let first = Task { try await loader.load(DataRequest(url: server.url("/first"))) }
    do {
      try await waitUntil("the first request at the server") { server.requestCount == 1 }
    } catch {
      held.release()
      server.stop()
      throw error
    }
    return (held, server, loader, first)
  }
}
