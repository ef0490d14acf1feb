import Foundation
import ImageCache
import LastFM
import Synchronization
import TestSupport
import Testing

/// The client on the real transport (libcurl) against a local server that misbehaves the ways Last.fm and the
/// network do: error payloads with HTTP 200, 500, 429 with Retry-After, slow and truncated bodies, HTML pages.
@Suite(.timeLimit(.minutes(20))) struct LastFMOverHTTPTests {
  let chart = Array(LastFMAnswers.chart([("Cher", 1_200_000), ("Björk", 900_000)]).utf8)

  /// Backoff is recorded, not slept, so the tests take no wall-clock time for it.
  final class Sleeps: Sendable {
    let taken = Mutex<[Duration]>([])
    var timing: LastFMTiming {
      let clock = ContinuousClock()
      let origin = clock.now
      return LastFMTiming(
        now: { origin.duration(to: clock.now) },
        sleep: { [self] duration in taken.withLock { $0.append(duration) } })
    }
  }

  func client(_ server: HTTPTestServer, sleeps: Sleeps = Sleeps()) -> LastFMClient {
    let configuration = LastFMConfiguration(
      apiKey: "TESTKEY", baseURL: server.url("/2.0/"), maxRequestsPerSecond: 1000,
      retry: LastFMRetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), rateLimitDelay: .milliseconds(1)))
    var transport = CurlDataLoader.Configuration()
    transport.stallTimeout = .seconds(2)
    return LastFMClient(
      configuration: configuration, loader: CurlDataLoader(configuration: transport), timing: sleeps.timing)
  }

  func serve(_ replies: [HTTPTestServer.Reply]) throws -> HTTPTestServer {
    let script = HTTPTestReplyScript(replies, then: .ok(chart, headers: ["content-type": "application/json"]))
    return try HTTPTestServer { _ in script.next() }
  }

  @Test func rateLimitPayloadIsRetried() async throws {
    let server = try serve([.text(LastFMAnswers.error(29, "Rate limit exceeded"), status: 200)])
    let page = try await client(server).topArtists()
    #expect(page.items.map(\.name) == ["Cher", "Björk"])
    #expect(server.requestCount == 2)
  }

  @Test func serverErrorsAreRetried() async throws {
    let server = try serve([.status(500), .status(503, headers: ["retry-after": "1"])])
    let page = try await client(server).topArtists()
    #expect(page.items.count == 2)
    #expect(server.requestCount == 3)
  }

  @Test func tooManyRequestsWithRetryAfterIsRetried() async throws {
    let server = try serve([.status(429, headers: ["retry-after": "1"])])
    let page = try await client(server).topArtists()
    #expect(page.items.count == 2)
    #expect(server.requestCount == 2)
  }

  @Test func truncatedAndSlowBodies() async throws {
    let server = try serve([
      .shortBody(declaredLength: chart.count, actual: chart.count / 2),
      .delayed(by: .milliseconds(300), .ok(chart, headers: ["content-type": "application/json"])),
    ])
    let page = try await client(server).topArtists()
    #expect(page.items.count == 2)
    #expect(server.requestCount == 2)
  }

  @Test func invalidKeyIsNotRetriedAndSaysHowToSetOne() async throws {
    let server = try serve([.text(LastFMAnswers.error(10, "Invalid API key"), status: 200)])
    do {
      _ = try await client(server).topArtists()
      Issue.record("expected an error")
    } catch {
      #expect(error == .invalidAPIKey)
      #expect(error.description.contains("LASTFM_API_KEY"))
      #expect(!error.description.contains("TESTKEY"))
    }
    #expect(server.requestCount == 1)
  }

  @Test func htmlPageIsAMalformedResponse() async throws {
    let server = try serve(
      Array(repeating: .text("<html><body>Bad gateway</body></html>", status: 200, contentType: "text/html"), count: 3))
    await #expect(throws: LastFMError.self) { try await client(server).topArtists() }
    do {
      _ = try await client(server).topArtists()
    } catch {
      guard case .malformedResponse = error else {
        Issue.record("expected malformedResponse, got \(error)")
        return
      }
    }
  }
}
