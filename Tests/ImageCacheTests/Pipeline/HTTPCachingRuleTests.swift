import Foundation
import TestSupport
import Testing

@testable import ImageCache

/// One test per RFC 9111 rule the cache follows, each through the real libcurl loader against the test server,
/// with a settable clock so that "later" needs no waiting.
@Suite(.timeLimit(.minutes(20))) struct HTTPCachingRuleTests {
  private let clock = TestClock()
  private let disk: DiskStore
  private let manager: ImageManager
  private let image = Images.png(width: 5, height: 3, seed: 7)
  private let newerImage = Images.png(width: 4, height: 2, seed: 9)

  init() throws {
    disk = try DiskStore(directory: temporaryDirectory(), maxBytes: 1 << 24)
    manager = ImageManager(
      loader: CurlDataLoader(configuration: .patient), memory: ImageMemoryStore(costLimit: 1 << 24, countLimit: 100),
      disk: disk,
      decoder: ImageDecoder(), clock: { [clock] in clock() })
  }

  /// The stored entry's metadata for `url`.
  private func stored(_ url: URL) throws -> DiskEntryMetadata? {
    try disk.lookup(CredentialParameters.default.cacheKey(for: url))?.metadata
  }

  /// An IMF-fixdate `seconds` from the test clock's now.
  private static func httpDate(_ seconds: TimeInterval, from clock: TestClock) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: clock().addingTimeInterval(seconds))
  }

  private func expectStatus(_ code: Int, from url: URL) async {
    do {
      let result = try await manager.data(for: url)
      Issue.record("expected HTTP \(code), got \(result.tier) stale=\(result.isStale)")
    } catch {
      #expect(error == .httpStatus(url: ImageManagerError.redactedURL(url), code: code))
    }
  }

  @Test func noStoreIsServedButNeverWrittenToDisk() async throws {
    // Given a server that says no-store, and an older copy of the image on disk
    let server = try HTTPTestServer { [image] _ in .ok(image, headers: ["Cache-Control": "no-store"]) }
    defer { server.stop() }
    let url = server.url("/secret.png")
    try disk.store(
      CredentialParameters.default.cacheKey(for: url), data: newerImage, metadata: DiskEntryMetadata(expiresAt: clock())
    )

    // When it is asked for, then prefetched
    let result = try await manager.data(for: url)
    let report = await manager.prefetch([url])

    // Then the bytes are served both times, from the network, and nothing is left on disk
    #expect(result.bytes == image && result.tier == .network)
    #expect(report.fetched == 1 && report.failed == 0)
    #expect(server.requestCount == 2)
    #expect(try disk.statistics().entryCount == 0)
  }

  @Test func noCacheIsRevalidatedOnEveryUse() async throws {
    // Given a response that may be stored but says no-cache
    let server = try HTTPTestServer { [image] request in
      request.header("If-None-Match") == "\"v1\""
        ? .status(304, headers: ["ETag": "\"v1\"", "Cache-Control": "no-cache"])
        : .ok(image, headers: ["ETag": "\"v1\"", "Cache-Control": "no-cache, max-age=600"])
    }
    defer { server.stop() }
    let url = server.url("/a.png")

    // When it is fetched, then asked for again at once
    _ = try await manager.data(for: url)
    let again = try await manager.data(for: url)

    // Then it was stored already expired, and the second use asked the server, which confirmed it
    #expect(try stored(url)?.expiresAt == clock())
    #expect(again.tier == .revalidated && again.bytes == image)
    #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "\"v1\""])
  }

  @Test func mustRevalidateIsNeverServedStaleEvenWhenTheNetworkFails() async throws {
    // Given two images fresh for 60 s, one with must-revalidate, and a server that fails from then on
    let strict = HTTPTestReplyScript(
      [.ok(image, headers: ["Cache-Control": "max-age=60, must-revalidate"])], then: .status(503))
    let lenient = HTTPTestReplyScript([.ok(image, headers: ["Cache-Control": "max-age=60"])], then: .status(503))
    let server = try HTTPTestServer { request in request.path == "/strict.png" ? strict.next() : lenient.next() }
    defer { server.stop() }
    let (strictURL, lenientURL) = (server.url("/strict.png"), server.url("/lenient.png"))
    _ = try await manager.data(for: strictURL)
    _ = try await manager.data(for: lenientURL)

    // When both are asked for while fresh, and again once stale
    clock.advance(by: 30)
    let fresh = try await manager.data(for: strictURL)
    clock.advance(by: 31)

    // Then the fresh one came from disk; once stale, only the lenient one is served stale, the strict one fails
    #expect(fresh.tier == .disk && !fresh.isStale)
    #expect(try stored(strictURL)?.staleIfErrorUntil == clock().addingTimeInterval(-1))
    await expectStatus(503, from: strictURL)
    let lenientResult = try await manager.data(for: lenientURL)
    #expect(lenientResult.isStale && lenientResult.bytes == image)
    #expect(strict.served == 2 && lenient.served == 2)
  }

  @Test func ageCountsAgainstMaxAge() async throws {
    // Given a response fresh for 100 s that a cache upstream has held for 90 s
    let server = try HTTPTestServer { [image] _ in .ok(image, headers: ["Cache-Control": "max-age=100", "Age": "90"]) }
    defer { server.stop() }
    let url = server.url("/aged.png")

    // When it is fetched, and asked for again 20 s later
    _ = try await manager.data(for: url)
    let expiresAt = try stored(url)?.expiresAt
    clock.advance(by: 20)
    let later = try await manager.data(for: url)

    // Then it was fresh for 10 s only, and the later use went to the server
    #expect(expiresAt == clock().addingTimeInterval(-10))
    #expect(later.tier == .network)
    #expect(server.requestCount == 2)
  }

  @Test func aFieldSentOverSeveralLinesIsReadAsOne() async throws {
    // Given Cache-Control sent over two lines, in both orders of consequence
    let server = try HTTPTestServer { [image] request in
      request.path == "/private.png"
        ? .okWithLines(
          ["Content-Type: image/png", "Cache-Control: no-store", "Cache-Control: max-age=600"], body: image)
        : .okWithLines(["Cache-Control: max-age=600", "Cache-Control: must-revalidate"], body: image)
    }
    defer { server.stop() }
    let (privateURL, strictURL) = (server.url("/private.png"), server.url("/strict.png"))

    // When the loader fetches one, and the manager both
    let response = try await CurlDataLoader(configuration: .patient).load(DataRequest(url: privateURL))
    _ = try await manager.data(for: privateURL)
    _ = try await manager.data(for: strictURL)

    // Then the lines arrive joined, and every directive of both lines counts
    #expect(response.headers["cache-control"] == "no-store, max-age=600")
    #expect(try stored(privateURL) == nil)
    let strict = try #require(try stored(strictURL))
    #expect(strict.expiresAt == clock().addingTimeInterval(600))
    #expect(strict.staleIfErrorUntil == strict.expiresAt)
  }

  @Test func expiresCountsOnlyWithoutMaxAge() async throws {
    // Given two responses dated now that expire in an hour, one of them with max-age=60
    let dated = ["Date": Self.httpDate(0, from: clock), "Expires": Self.httpDate(3600, from: clock)]
    let server = try HTTPTestServer { [image] request in
      request.path == "/both.png"
        ? .ok(image, headers: dated.merging(["Cache-Control": "max-age=60"]) { $1 }) : .ok(image, headers: dated)
    }
    defer { server.stop() }
    let (both, expiresOnly) = (server.url("/both.png"), server.url("/expires.png"))

    // When both are fetched
    _ = try await manager.data(for: both)
    _ = try await manager.data(for: expiresOnly)

    // Then max-age decides where it is given, Expires where it is alone
    #expect(try stored(both)?.expiresAt == clock().addingTimeInterval(60))
    #expect(try stored(expiresOnly)?.expiresAt == clock().addingTimeInterval(3600))
  }

  @Test func withoutFreshnessInformationLastModifiedGivesATenthCappedAtADayElseTheDefault() async throws {
    // Given images last modified an hour ago, 100 days ago, and one with no freshness information at all
    let server = try HTTPTestServer { [image, clock] request in
      let date = { (seconds: TimeInterval) in Self.httpDate(seconds, from: clock) }
      switch request.path {
      case "/recent.png": return .ok(image, headers: ["Date": date(0), "Last-Modified": date(-3600)])
      case "/old.png": return .ok(image, headers: ["Date": date(0), "Last-Modified": date(-100 * 86_400)])
      default: return .ok(image)
      }
    }
    defer { server.stop() }
    let urls = ["/recent.png", "/old.png", "/bare.png"].map { server.url($0) }

    // When they are fetched
    for url in urls { _ = try await manager.data(for: url) }

    // Then the recent one is fresh for 6 minutes, the old one for a day, the bare one for the default week
    let expiries = try urls.map { try stored($0)?.expiresAt?.timeIntervalSince(clock()) }
    #expect(expiries == [360, 86_400, 7 * 86_400])
  }

  @Test func staleIfErrorServesTheStaleCopyOnErrorOnlyWithinItsWindow() async throws {
    // Given an image fresh for 60 s that may be served stale on error for 300 s more, then a failing server
    let script = HTTPTestReplyScript(
      [.ok(image, headers: ["Cache-Control": "max-age=60, stale-if-error=300"])], then: .status(503))
    let server = try HTTPTestServer { _ in script.next() }
    defer { server.stop() }
    let url = server.url("/a.png")
    _ = try await manager.data(for: url)

    // When it is asked for stale within the window, then past it
    clock.advance(by: 120)
    let withinWindow = try await manager.data(for: url)
    clock.advance(by: 300)

    // Then the stale copy is served within the window, and the error past it
    #expect(withinWindow.isStale && withinWindow.bytes == image)
    await expectStatus(503, from: url)
    #expect(script.served == 3)
  }

  @Test func staleWhileRevalidateServesAtOnceAndRefreshesInTheBackground() async throws {
    // Given an image fresh for 60 s, usable stale for 600 s more while revalidated; the server has a newer one
    let script = HTTPTestReplyScript(
      [.ok(image, headers: ["Cache-Control": "max-age=60, stale-while-revalidate=600"])],
      then: .ok(newerImage, headers: ["Cache-Control": "max-age=60, stale-while-revalidate=600"]))
    let server = try HTTPTestServer { _ in script.next() }
    defer { server.stop() }
    let url = server.url("/a.png")
    _ = try await manager.data(for: url)

    // When it is asked for 120 s later
    clock.advance(by: 120)
    let served = try await manager.data(for: url)

    // Then the stale copy is served from disk, and the newer image replaces it in the background
    #expect(served.tier == .disk && served.isStale && served.bytes == image)
    let deadline = ContinuousClock.now + hangTimeout
    while try disk.lookup(CredentialParameters.default.cacheKey(for: url))?.data != newerImage,
      ContinuousClock.now < deadline
    {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(try disk.lookup(CredentialParameters.default.cacheKey(for: url))?.data == newerImage)
    #expect(server.requestCount == 2)

    // And past the window the caller waits for the server again
    clock.advance(by: 1000)
    let late = try await manager.data(for: url)
    #expect(late.tier == .network && !late.isStale)
  }
}
