import Foundation
import ImageCache
import TestSupport
import Testing

@Suite("CurlDataLoader: caps, stalls, broken servers, cancellation", .timeLimit(.minutes(20)))
struct CurlDataLoaderFailureTests {
  @Test func bodyExactlyAtTheCapIsAccepted() async throws {
    let server = try HTTPTestServer { _ in .ok([UInt8](repeating: 1, count: 1000)) }
    defer { server.stop() }

    let response = try await CurlDataLoader(configuration: .patient).load(
      DataRequest(url: server.url("/"), maxBodyBytes: 1000))

    #expect(response.body.count == 1000)
  }

  @Test func declaredBodyOverTheCapIsRefused() async throws {
    let server = try HTTPTestServer { _ in .ok([UInt8](repeating: 1, count: 1001)) }
    defer { server.stop() }

    let result = await CurlDataLoader(configuration: .patient).loadResult(
      DataRequest(url: server.url("/"), maxBodyBytes: 1000))

    #expect(result.transferError == .bodyTooLarge(limit: 1000))
  }

  @Test func undeclaredBodyIsCutWhenItCrossesTheCap() async throws {
    // Given: a chunked body without Content-Length that never ends.
    let server = try HTTPTestServer { _ in .endlessBody }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)

    // When
    let result = await loader.loadResult(DataRequest(url: server.url("/endless"), maxBodyBytes: 100_000))

    // Then: refused, and nothing past the cap was handed on.
    #expect(result.transferError == .bodyTooLarge(limit: 100_000))
    #expect(loader.metrics.bytesReceived <= 100_000)
  }

  /// 200,000 zero bytes gzipped to 229 bytes: the wire size is tiny, only the decoded body crosses the cap.
  private static let gzipBomb = Array(
    Data(
      base64Encoded:
        "H4sIAAAAAAACA+3BMQEAAADCoPVPbQZ/oAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACA1wB7WOBcQA0DAA=="
    )!)

  @Test func gzipBodyIsDecodedTransparently() async throws {
    let compressed = Array(Data(base64Encoded: "H4sIAAAAAAACA8tIzcnJV0ivyixQyKA9EwAP1DQebgAAAA==")!)
    let server = try HTTPTestServer { _ in .ok(compressed, headers: ["Content-Encoding": "gzip"]) }
    defer { server.stop() }

    let response = try await CurlDataLoader(configuration: .patient).load(DataRequest(url: server.url("/")))

    #expect(String(decoding: response.body, as: UTF8.self) == String(repeating: "hello gzip ", count: 10))
  }

  @Test func decodedBodyOverTheCapIsRefusedEvenWhenTheWireSizeIsSmall() async throws {
    let server = try HTTPTestServer { _ in .ok(Self.gzipBomb, headers: ["Content-Encoding": "gzip"]) }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)

    let result = await loader.loadResult(DataRequest(url: server.url("/bomb"), maxBodyBytes: 50_000))

    #expect(result.transferError == .bodyTooLarge(limit: 50_000))
    #expect(loader.metrics.bytesReceived <= 50_000)
  }

  @Test func stalledTransferTimesOut() async throws {
    let server = try HTTPTestServer { _ in .stallAfterHeaders }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .init(stallTimeout: .seconds(1)))

    let result = await loader.loadResult(server.url("/stall?api_key=SECRET"))

    guard case .timedOut(let message) = result.transferError else {
      Issue.record("expected timedOut, got \(result)")
      return
    }
    // The caller names the URL it asked for; the message does not repeat it.
    #expect(message.hasPrefix("Operation too slow"), "\(message)")
    #expect(!message.contains("/stall") && !message.contains("SECRET"))
  }

  @Test(arguments: [
    HTTPTestServer.Reply.reset(afterBodyBytes: 1000),
    .resetAfterHeaders,
    .shortBody(declaredLength: 5000, actual: 1200),
    .closeWithoutResponse,
  ])
  func brokenTransfersAreInterrupted(reply: HTTPTestServer.Reply) async throws {
    let server = try HTTPTestServer { _ in reply }
    defer { server.stop() }

    let result = await CurlDataLoader(configuration: .patient).loadResult(server.url("/broken"))

    guard case .interrupted(let message) = result.transferError else {
      Issue.record("expected interrupted, got \(result)")
      return
    }
    #expect(!message.isEmpty && !message.contains("/broken"), "\(message)")
    #expect(result.transferError?.isTransient == true)
  }

  @Test func httpsToAPlainHTTPServerIsATLSError() async throws {
    let server = try HTTPTestServer { _ in .status(200) }
    defer { server.stop() }
    let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/secure?api_key=SECRET"))

    let result = await CurlDataLoader(configuration: .patient).loadResult(url)

    guard case .tls(let message) = result.transferError else {
      Issue.record("expected tls, got \(result)")
      return
    }
    #expect(!message.isEmpty && !message.contains("/secure") && !message.contains("SECRET"), "\(message)")
    #expect(result.transferError?.isTransient == false)
  }

  @Test func cancellingTheCallerCancelsOnlyItsTransfer() async throws {
    // Given: one transfer stuck after headers and another that answers a little later.
    let server = try HTTPTestServer { request in
      request.path == "/stall" ? .stallAfterHeaders : .delayed(by: .milliseconds(200), .text("slow but fine"))
    }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)
    let stalled = Task { await loader.loadResult(server.url("/stall")) }
    let other = Task { await loader.loadResult(server.url("/other")) }
    try await server.waitForRequests(2)

    // When
    stalled.cancel()

    // Then: the cancelled load ends with .cancelled, the other completes normally,
    // and the stalled connection is really closed (its server thread sees the hang-up).
    #expect(await stalled.value.transferError == .cancelled)
    let otherResponse = try await other.value.get()
    #expect(otherResponse.body == Array("slow but fine".utf8))
    try await server.waitUntilIdle()
    #expect(server.requestsInFlight == 0)
  }

  @Test func cancellingAttachedAndQueuedTransfersLeavesTheLoaderHealthy() async throws {
    // Given: 4 transfers stalled on the server and 36 more queued behind the total bound.
    let server = try HTTPTestServer { request in request.path == "/fine" ? .text("fine") : .stallAfterHeaders }
    defer { server.stop() }
    // Patient: the stalled transfers must still be there when the test, resumed late on a busy machine, cancels.
    let loader = CurlDataLoader(
      configuration: .init(
        maxConcurrentTransfers: 4, maxConnectionsPerHost: 4, stallTimeout: .seconds(300), transferTimeout: .seconds(600)
      ))
    let tasks = (0..<40).map { index in Task { await loader.loadResult(server.url("/stall/\(index)")) } }
    try await server.waitForRequests(4)

    // When
    for task in tasks { task.cancel() }

    // Then: every one ends cancelled, no connection is left open on the server, and the loader still works.
    var errors: [TransferError?] = []
    for task in tasks { errors.append(await task.value.transferError) }
    #expect(errors == Array(repeating: .cancelled, count: 40))
    try await server.waitUntilIdle()
    #expect(server.requestsInFlight == 0)
    let after = try await loader.load(DataRequest(url: server.url("/fine")))
    #expect(after.body == Array("fine".utf8))
  }

  @Test func loadInAlreadyCancelledTaskDoesNoIO() async throws {
    let server = try HTTPTestServer { _ in .status(200) }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .patient)

    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await loader.loadResult(server.url("/"))
    }

    #expect(await task.value.transferError == .cancelled)
    #expect(server.requests.isEmpty)
  }
}
