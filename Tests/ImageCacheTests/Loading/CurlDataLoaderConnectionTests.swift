import Foundation
import ImageCache
import TestSupport
import Testing

@Suite("CurlDataLoader: connection reuse and concurrency bounds", .timeLimit(.minutes(20)))
struct CurlDataLoaderConnectionTests {
  @Test func sequentialRequestsReuseOneConnection() async throws {
    let server = try HTTPTestServer { request in .text(request.path) }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)

    for index in 0..<60 {
      let response = try await loader.load(DataRequest(url: server.url("/\(index)")))
      #expect(String(decoding: response.body, as: UTF8.self) == "/\(index)")
    }

    #expect(server.requests.count == 60)
    #expect(server.acceptedConnections == 1)
    #expect(Set(server.requests.map(\.connection)) == [1])
    #expect(loader.metrics.connectionsMade == 1)
    #expect(loader.metrics.requests == 60)
  }

  @Test func concurrentRequestsShareAtMostThePerHostConnections() async throws {
    let server = try HTTPTestServer { request in .text(request.path) }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .init(maxConnectionsPerHost: 6))

    let bodies = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<60 {
        group.addTask {
          String(decoding: try await loader.load(DataRequest(url: server.url("/\(index)"))).body, as: UTF8.self)
        }
      }
      return try await group.reduce(into: Set<String>()) { $0.insert($1) }
    }

    #expect(bodies == Set((0..<60).map { "/\($0)" }))
    #expect(server.requests.count == 60)
    #expect(server.acceptedConnections <= 6)
    #expect(loader.metrics.connectionsMade == server.acceptedConnections)
  }

  @Test func perHostConcurrencyNeverExceedsTheLimitAndExtraTransfersQueue() async throws {
    // Given: handlers hold each request until three have arrived, so the ceiling is reached if it is allowed.
    let gate = ArrivalGate(opensAt: 3)
    let server = try HTTPTestServer { _ in
      gate.arriveAndWait()
      return .text("ok")
    }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .init(maxConnectionsPerHost: 3))

    // When: 12 transfers at once.
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<12 {
        group.addTask { try await loader.load(DataRequest(url: server.url("/\(index)"))).statusCode }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    // Then: all succeed, never more than 3 at once, over 3 connections.
    #expect(statuses == Array(repeating: 200, count: 12))
    #expect(server.peakConcurrentRequests == 3)
    #expect(server.acceptedConnections == 3)
  }

  @Test func totalTransfersBeyondTheBoundWaitTheirTurn() async throws {
    let gate = ArrivalGate(opensAt: 2)
    let server = try HTTPTestServer { _ in
      gate.arriveAndWait()
      return .text("ok")
    }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .init(maxConcurrentTransfers: 2, maxConnectionsPerHost: 6))

    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<10 {
        group.addTask { try await loader.load(DataRequest(url: server.url("/\(index)"))).statusCode }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    #expect(statuses == Array(repeating: 200, count: 10))
    #expect(server.peakConcurrentRequests == 2)
    #expect(server.acceptedConnections == 2)
  }

  @Test func waitingForAConnectionDoesNotCountAgainstTheConnectTimeout() async throws {
    // Given: one connection per host and replies that take 600 ms, so the third transfer queues for at least
    // 1.2 s — longer than the 1 s connect timeout.
    let server = try HTTPTestServer { request in .delayed(by: .milliseconds(600), .text(request.path)) }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .init(maxConnectionsPerHost: 1, connectTimeout: .seconds(1)))

    // When
    let bodies = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<3 {
        group.addTask {
          String(decoding: try await loader.load(DataRequest(url: server.url("/\(index)"))).body, as: UTF8.self)
        }
      }
      return try await group.reduce(into: Set<String>()) { $0.insert($1) }
    }

    // Then: all three complete over the single connection.
    #expect(bodies == ["/0", "/1", "/2"])
    #expect(server.acceptedConnections == 1)
  }

  /// Regression: queued transfers used to start only when the loop's idle poll timed out (1 s each), so this took
  /// over 3 minutes. The time limit is a generous safety net (the test normally takes well under a second).
  @Test(.timeLimit(.minutes(20)))
  func queuedTransfersStartAsSoonAsASlotFrees() async throws {
    let server = try HTTPTestServer { request in .text(request.path) }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .init(maxConcurrentTransfers: 1))

    let bodies = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<200 {
        group.addTask {
          String(decoding: try await loader.load(DataRequest(url: server.url("/\(index)"))).body, as: UTF8.self)
        }
      }
      return try await group.reduce(into: Set<String>()) { $0.insert($1) }
    }

    #expect(bodies.count == 200)
    #expect(server.acceptedConnections == 1)
    #expect(server.peakConcurrentRequests == 1)
  }
}
