import Foundation
import ImageCache
import LastFM
import TestSupport
import Testing

/// An answer that arrived but could not be used is not a network that could not be reached: over the size cap, or
/// in a content encoding that does not decode, the message says so (the client on libcurl, a local server).
@Suite(.timeLimit(.minutes(20))) struct AnswerFailureWordingTests {
  func client(_ server: HTTPTestServer) -> LastFMClient {
    let configuration = LastFMConfiguration(
      apiKey: "TESTKEY", baseURL: server.url("/2.0/"), maxRequestsPerSecond: 1000,
      retry: LastFMRetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), rateLimitDelay: .milliseconds(1)))
    return LastFMClient(configuration: configuration, loader: CurlDataLoader(configuration: .init()))
  }

  private func failure(_ server: HTTPTestServer) async -> LastFMError? {
    do {
      _ = try await client(server).topArtists()
      return nil
    } catch {
      return error
    }
  }

  @Test func anAnswerOverTheSizeCapSaysItIsTooLarge() async throws {
    // Given a server whose chart answer is 50 MB
    let huge = [UInt8](repeating: 0x20, count: 50 << 20)
    let server = try HTTPTestServer { _ in .ok(huge, headers: ["Content-Type": "application/json"]) }
    defer { server.stop() }
    // When the chart is asked for
    let error = try #require(await failure(server))
    // Then the failure is the size cap, worded as such
    #expect(error == .transport(.bodyTooLarge(limit: 20 << 20)))
    #expect(
      error.description(service: "Last.fm")
        == "Last.fm sent an answer larger than 20 MB, more than any of its answers should be; check the API base, "
        + "or try again later")
    #expect(!error.description.contains("could not reach"))
  }

  @Test func anAnswerThatDoesNotDecodeSaysSo() async throws {
    // Given a server that claims gzip and sends something else
    let server = try HTTPTestServer { _ in
      .ok(Array("this is not gzip".utf8), headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"])
    }
    defer { server.stop() }
    let error = try #require(await failure(server))
    guard case .transport(.undecodableBody) = error else {
      Issue.record("expected an undecodable body, got \(error)")
      return
    }
    #expect(error.description(service: "Last.fm").hasPrefix("could not decode the answer from Last.fm: "))
    #expect(server.requestCount == 1, "a broken encoding is not retried: it would come back the same")
  }

  @Test func aServerThatIsNotThereStillCouldNotBeReached() {
    let error = LastFMError.transport(.couldNotConnect("Connection refused"))
    #expect(error.description(service: "Last.fm") == "could not reach Last.fm: could not connect: Connection refused")
  }
}
