import Foundation
import ImageCache
import Synchronization
import TestSupport
import Testing

/// `CurlDataLoader` repeating a poll on its own thread (`RepeatingDataLoading`): the caller hears only the first
/// answer that differs, every send goes over the one connection, and cancelling between two sends ends it.
@Suite("CurlDataLoader: polls repeated by the transport", .timeLimit(.minutes(20)))
struct CurlRepeatingPollTests {
  static let same = Array("same track".utf8)

  /// Answers `same` to the first `repeats` requests and then something else.
  static func changing(after repeats: Int) throws -> HTTPTestServer {
    let served = Atomic(0)
    return try HTTPTestServer { _ in
      served.add(1, ordering: .relaxed).newValue <= repeats ? .ok(same) : .text("next track")
    }
  }

  @Test func theCallerHearsOnlyTheFirstAnswerThatDiffers() async throws {
    // Given a server that repeats its answer five times
    let server = try Self.changing(after: 5)
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)
    // When the poll repeats while the answer is the same
    let response = try await loader.load(
      DataRequest(url: server.url("/now")), every: .milliseconds(2), whileBodyEquals: Self.same)
    // Then the sixth answer comes back, after six sends over one connection
    #expect(String(decoding: response.body, as: UTF8.self) == "next track")
    #expect(server.requestCount == 6)
    #expect(server.acceptedConnections == 1)
    #expect(loader.metrics.requests == 6)
  }

  @Test func anotherStatusEndsTheRepeatsEvenWithTheSameBody() async throws {
    let server = try HTTPTestServer { _ in .status(503) }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)
    let response = try await loader.load(
      DataRequest(url: server.url("/now")), every: .milliseconds(2), whileBodyEquals: [])
    #expect(response.statusCode == 503)
    #expect(server.requestCount == 1)
  }

  @Test func theFirstSendWaitsTheInterval() async throws {
    let server = try Self.changing(after: 0)
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)
    let started = ContinuousClock.now
    _ = try await loader.load(DataRequest(url: server.url("/now")), every: .milliseconds(300), whileBodyEquals: [])
    // A lower bound only: the poll may not go early; how late it goes is the machine's business.
    #expect(ContinuousClock.now - started >= .milliseconds(300))
  }

  @Test func cancellingBetweenTwoSendsEndsThePoll() async throws {
    // Given a poll that never changes, sent every 20 ms
    let server = try Self.changing(after: .max)
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)
    let poll = Task {
      try await loader.load(DataRequest(url: server.url("/now")), every: .milliseconds(20), whileBodyEquals: Self.same)
    }
    try await waitUntil("three sends") { server.requestCount >= 3 }
    // When its task is cancelled
    poll.cancel()
    // Then it ends as cancelled, and the loop sends it no more
    await #expect(throws: TransferError.cancelled) { try await poll.value }
    try await waitUntil("no transfer in flight") { server.requestsInFlight == 0 }
    let sent = server.requestCount
    let later = try await CurlDataLoader(configuration: .patient).load(DataRequest(url: server.url("/other")))
    #expect(later.statusCode == 200)
    try await Task.sleep(for: .milliseconds(100))
    #expect(server.requestCount == sent + 1, "only the other request came after the cancel")
  }
}
