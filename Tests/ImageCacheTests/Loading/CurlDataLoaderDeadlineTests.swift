import Foundation
import ImageCache
import TestSupport
import Testing

/// A server that drips its body, a byte at a time and fast enough never to count as stalled, is cut off by the
/// whole-transfer deadline, with a line that names it, and retried like any timeout.
@Suite("CurlDataLoader: the whole-transfer deadline", .timeLimit(.minutes(20)))
struct CurlDataLoaderDeadlineTests {
  /// 4 bytes a second, above the 1 byte/s stall limit, for a body that would take a minute.
  static let drip = HTTPTestServer.Reply.drip(body: [UInt8](repeating: 7, count: 240), every: .milliseconds(250))

  @Test func aDrippingServerIsCutOffAtTheDeadlineWithALineThatNamesIt() async throws {
    let server = try HTTPTestServer { _ in Self.drip }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .init(stallTimeout: .seconds(2), transferTimeout: .seconds(3)))

    let result = await loader.loadResult(server.url("/drip?api_key=SECRET"))

    guard case .timedOut(let message) = result.transferError else {
      Issue.record("expected timedOut, got \(result)")
      return
    }
    #expect(
      message == "took longer than 3 s, the limit for one transfer; a slow link may need a longer --transfer-timeout")
    #expect(result.transferError?.isTransient == true)
    #expect(server.requestCount == 1)
  }

  @Test func aTransferPastItsDeadlineIsRetriedLikeATimeout() async throws {
    let server = try HTTPTestServer { _ in Self.drip }
    defer { server.stop() }
    let curl = CurlDataLoader(configuration: .init(transferTimeout: .milliseconds(600)))
    let loader = RetryingDataLoader(wrapping: curl, policy: RetryPolicy(maxRetries: 2, sleep: { _ in }))

    let result = await loader.loadResult(server.url("/drip"))

    #expect(
      result.transferError
        == .timedOut(
          "took longer than 600 ms, the limit for one transfer; a slow link may need a longer --transfer-timeout"))
    #expect(server.requestCount == 3)
  }

  @Test func aSteadyTransferWithinTheDeadlineCompletes() async throws {
    let server = try HTTPTestServer { _ in .drip(body: Array("done".utf8), every: .milliseconds(20)) }
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .init(transferTimeout: .seconds(30)))

    let response = try await loader.loadResult(server.url("/drip")).get()

    #expect(response.body == Array("done".utf8))
  }
}
