import Foundation
import ImageCache
import TestSupport
import Testing

@Suite("HTTPTestServer", .timeLimit(.minutes(20)))
struct HTTPTestServerTests {
  @Test func recordsRequestsWithTargetHeadersAndConnection() async throws {
    // The second request is the first one's redirect, which libcurl sends at once on the same connection. (Two
    // loads in a row could be an idle connection apart: a whole-suite run on a loaded machine once starved this
    // test between them for longer than libcurl keeps one, 118 s, and the second went on a new connection.)
    let server = try HTTPTestServer { request in request.path == "/second" ? .status(204) : .redirect(to: "/second") }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)

    _ = try await loader.load(
      DataRequest(url: server.url("/2.0/?method=artist.search&artist=Bj%C3%B6rk"), headers: ["X-Trace": "7"]))

    let requests = server.requests
    #expect(requests.map(\.target) == ["/2.0/?method=artist.search&artist=Bj%C3%B6rk", "/second"])
    #expect(requests.map(\.path) == ["/2.0/", "/second"])
    #expect(requests[0].query("artist") == "Björk")
    #expect(requests[0].query("method") == "artist.search")
    #expect(requests[1].header("X-Trace") == "7")
    #expect(requests.map(\.connection) == [1, 1])
    #expect(server.acceptedConnections == 1)
    #expect(server.peakConcurrentRequests == 1)
    #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
  }

  @Test func scriptServesRepliesInOrderThenTheFallback() async throws {
    let script = HTTPTestReplyScript([.text("one"), .text("two")], then: .status(410))
    let server = try HTTPTestServer { _ in script.next() }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)

    var seen: [String] = []
    for _ in 0..<3 {
      let response = try await loader.load(DataRequest(url: server.url("/")))
      seen.append("\(response.statusCode) \(String(decoding: response.body, as: UTF8.self))")
    }

    #expect(seen == ["200 one", "200 two", "410 "])
    #expect(script.served == 3)
  }

  @Test func delayedReplyArrives() async throws {
    let server = try HTTPTestServer { _ in .delayed(by: .milliseconds(50), .text("later")) }
    defer { server.stop() }

    let response = try await CurlDataLoader(configuration: .patient).load(DataRequest(url: server.url("/")))

    #expect(response.body == Array("later".utf8))
  }

  @Test(arguments: ["/stall", "/endless"])
  func stopEndsHangingRepliesAndRefusesNewConnections(path: String) async throws {
    // Given: a transfer the server will never finish on its own.
    let server = try HTTPTestServer { request in request.path == "/stall" ? .stallAfterHeaders : .endlessBody }
    let loader = CurlDataLoader(configuration: .patient)
    let hanging = Task { await loader.loadResult(DataRequest(url: server.url(path), maxBodyBytes: 1 << 40)) }
    try await server.waitForRequests(1)

    // When
    server.stop()

    // Then: the client sees the connection end, and the server takes no new connection (what else answers on its
    // port is not its business: the kernel may give the port to another test's server at once).
    guard case .interrupted = await hanging.value.transferError else {
      Issue.record("expected interrupted, got \(await hanging.value)")
      return
    }
    #expect(server.isStopped)
    #expect(server.requestsInFlight == 0)
    let accepted = server.acceptedConnections
    _ = await loader.loadResult(server.url("/"))
    #expect(server.acceptedConnections == accepted)
    #expect(server.requestCount == 1)
  }

  /// What tests dial for "a server that has gone": refused while held, and its port is never given to a server
  /// started meanwhile (a stopped server's port may be, which made a test that counted on it flaky).
  @Test func aRefusingAddressRefusesAndKeepsItsPort() async throws {
    let refusing = try RefusingAddress()
    let servers = try (0..<50).map { _ in try HTTPTestServer { _ in .status(200) } }
    defer { servers.forEach { $0.stop() } }
    #expect(!servers.contains { $0.port == refusing.port })
    let result = await CurlDataLoader(configuration: .patient).loadResult(refusing.url("/"))
    guard case .couldNotConnect = result.transferError else {
      Issue.record("expected couldNotConnect, got \(result)")
      return
    }
    withExtendedLifetime(refusing) {}
  }
}
