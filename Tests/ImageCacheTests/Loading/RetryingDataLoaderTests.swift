import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ImageCache

/// Records what the retrying loader asked to sleep for, without sleeping.
final class SleepRecorder: Sendable {
  private let log = Mutex<[Duration]>([])
  var requested: [Duration] { log.withLock { $0 } }

  func policy(maxRetries: Int = 2, random: Double = 0.5) -> RetryPolicy {
    RetryPolicy(
      maxRetries: maxRetries,
      sleep: { [self] duration in record(duration) },
      random: { random })
  }

  private func record(_ duration: Duration) {
    log.withLock { $0.append(duration) }
  }
}

@Suite("RetryingDataLoader", .timeLimit(.minutes(20)))
struct RetryingDataLoaderTests {
  private func makeLoader(_ script: HTTPTestReplyScript, recorder: SleepRecorder, maxRetries: Int = 2) throws -> (
    RetryingDataLoader, HTTPTestServer
  ) {
    let server = try HTTPTestServer { _ in script.next() }
    return (
      RetryingDataLoader(
        wrapping: CurlDataLoader(configuration: .patient), policy: recorder.policy(maxRetries: maxRetries)), server
    )
  }

  @Test func retriesServiceUnavailableUntilSuccess() async throws {
    let recorder = SleepRecorder()
    let (loader, server) = try makeLoader(
      HTTPTestReplyScript([.status(503), .status(503)], then: .text("ok")), recorder: recorder)
    defer { server.stop() }

    let response = try await loader.load(DataRequest(url: server.url("/img")))

    #expect(response.statusCode == 200)
    #expect(response.body == Array("ok".utf8))
    #expect(server.requests.count == 3)
    // Full jitter pinned at 0.5: half of 250 ms, then half of 500 ms.
    #expect(recorder.requested == [.milliseconds(125), .milliseconds(250)])
  }

  @Test func doesNotRetryNotFound() async throws {
    let recorder = SleepRecorder()
    let (loader, server) = try makeLoader(HTTPTestReplyScript([.status(404)], then: .text("ok")), recorder: recorder)
    defer { server.stop() }

    let response = try await loader.load(DataRequest(url: server.url("/missing")))

    #expect(response.statusCode == 404)
    #expect(server.requests.count == 1)
    #expect(recorder.requested == [])
  }

  @Test func honoursRetryAfterSecondsOnTooManyRequests() async throws {
    let recorder = SleepRecorder()
    let (loader, server) = try makeLoader(
      HTTPTestReplyScript([.status(429, headers: ["Retry-After": "2"])], then: .text("ok")), recorder: recorder)
    defer { server.stop() }

    let response = try await loader.load(DataRequest(url: server.url("/")))

    #expect(response.statusCode == 200)
    #expect(recorder.requested == [.seconds(2)])
  }

  @Test func returnsTheLastResponseWhenRetriesAreExhausted() async throws {
    let recorder = SleepRecorder()
    let (loader, server) = try makeLoader(
      HTTPTestReplyScript(
        [.text("first", status: 500), .text("second", status: 500)], then: .text("last", status: 500)),
      recorder: recorder)
    defer { server.stop() }

    let response = try await loader.load(DataRequest(url: server.url("/")))

    #expect(response.statusCode == 500)
    #expect(response.body == Array("last".utf8))
    #expect(server.requests.count == 3)
    #expect(recorder.requested.count == 2)
  }

  @Test func retriesTransientTransportErrors() async throws {
    let recorder = SleepRecorder()
    let (loader, server) = try makeLoader(
      HTTPTestReplyScript([.closeWithoutResponse, .reset(afterBodyBytes: 10)], then: .text("ok")), recorder: recorder)
    defer { server.stop() }

    let response = try await loader.load(DataRequest(url: server.url("/")))

    #expect(response.body == Array("ok".utf8))
    #expect(server.requests.count == 3)
  }

  @Test func throwsTheLastErrorWhenRetriesAreExhausted() async throws {
    let recorder = SleepRecorder()
    let (loader, server) = try makeLoader(HTTPTestReplyScript([], then: .closeWithoutResponse), recorder: recorder)
    defer { server.stop() }

    let result = await loader.loadResult(server.url("/"))

    guard case .interrupted = result.transferError else {
      Issue.record("expected interrupted, got \(result)")
      return
    }
    #expect(server.requests.count == 3)
  }

  @Test func neverRetriesPermanentErrors() async throws {
    let recorder = SleepRecorder()
    let loader = RetryingDataLoader(wrapping: CurlDataLoader(configuration: .patient), policy: recorder.policy())

    let result = await loader.loadResult(URL(string: "ftp://example.com/a")!)

    #expect(result.transferError == .unsupportedScheme(url: "ftp://example.com/a"))
    #expect(recorder.requested == [])
  }

  @Test func cancelledSleepEndsWithCancelled() async throws {
    let script = HTTPTestReplyScript([], then: .status(503))
    let server = try HTTPTestServer { _ in script.next() }
    defer { server.stop() }
    let policy = RetryPolicy(sleep: { _ in throw CancellationError() })
    let loader = RetryingDataLoader(wrapping: CurlDataLoader(configuration: .patient), policy: policy)

    let result = await loader.loadResult(server.url("/"))

    #expect(result.transferError == .cancelled)
    #expect(server.requests.count == 1)
  }
}

@Suite("RetryPolicy")
struct RetryPolicyTests {
  private func response(_ status: Int, retryAfter: String?) -> DataResponse {
    DataResponse(
      statusCode: status, headers: retryAfter.map { ["retry-after": $0] } ?? [:], body: [],
      effectiveURL: URL(string: "http://h/")!)
  }

  @Test func retryAfterHTTPDateIsRelativeToNow() {
    let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
    let policy = RetryPolicy(now: { now })

    #expect(policy.retryAfter(response(503, retryAfter: "Wed, 21 Oct 2015 07:28:05 GMT")) == .seconds(5))
  }

  @Test func retryAfterIsCappedAndOnlyReadOn429And503() {
    let policy = RetryPolicy()

    #expect(policy.retryAfter(response(429, retryAfter: "3600")) == .seconds(30))
    #expect(policy.retryAfter(response(500, retryAfter: "2")) == nil)
    #expect(policy.retryAfter(response(503, retryAfter: "soon")) == nil)
  }

  @Test func backoffGrowsExponentiallyUpToTheMaximum() {
    let policy = RetryPolicy(baseDelay: .milliseconds(250), maxDelay: .seconds(8), random: { 1 })

    #expect(
      (0..<7).map { policy.backoff(beforeRetry: $0) } == [
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8),
      ])
  }

  @Test func retryableStatuses() {
    #expect([408, 429, 500, 502, 503, 504].allSatisfy(RetryPolicy.isRetryable(status:)))
    #expect(![200, 304, 400, 401, 403, 404, 410].contains(where: RetryPolicy.isRetryable(status:)))
  }
}

@Suite("URLRedaction")
struct URLRedactionTests {
  @Test func stripsQueryFragmentAndCredentials() {
    #expect(
      URLRedaction.redact("https://user:pw@ws.audioscrobbler.com/2.0/?api_key=K&method=x#frag")
        == "https://ws.audioscrobbler.com/2.0/")
    #expect(URLRedaction.redact("http://127.0.0.1:8080/a.png") == "http://127.0.0.1:8080/a.png")
  }
}
