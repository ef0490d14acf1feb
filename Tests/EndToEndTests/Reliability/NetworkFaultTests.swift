import Foundation
import Synchronization
import TestSupport
import Testing

/// Network faults through the real binary: each case gives the right outcome, one clear line on failure,
/// stores nothing broken, and leaves `imgcache verify` clean.
@Suite("imgcache under network faults", .serialized, .timeLimit(.minutes(20)))
struct NetworkFaultTests {
  /// `get` one URL on a fresh cache with short timeouts, then check the cache is consistent.
  private func get(
    _ path: String, on server: HTTPTestServer, extra: [String] = []
  ) async throws -> (output: CLI.Output, verify: VerifyOutput, entries: [ListRow]) {
    let cache = try ScratchCache()
    defer { cache.remove() }
    let output = try await CLI.run(
      ["get", server.url(path).absoluteString, "--stall-timeout", "1"] + cache.arguments + extra)
    return await (output, try cache.verify(), try cache.list())
  }

  /// Failure: exit 1, exactly one line on stderr starting with `imgcache: <url>: `, nothing stored.
  private func expectFailure(
    _ path: String, reply: HTTPTestServer.Reply, message: String, requests: Int, extra: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let server = try HTTPTestServer { _ in reply }
    defer { server.stop() }
    let (output, verify, entries) = try await get(path, on: server, extra: extra)
    let expected = "imgcache: \(server.url(path).absoluteString): \(message)"
    #expect(output.status == 1, sourceLocation: sourceLocation)
    // Exact where the message is ours alone; libcurl's explanation after our prefix may vary between versions.
    #expect(output.stderrLines.count == 1, "\(output.stderr)", sourceLocation: sourceLocation)
    #expect(
      output.stderrLines.first.map { message.hasSuffix(":") ? $0.hasPrefix(expected) : $0 == expected } == true,
      "\(output.stderr)", sourceLocation: sourceLocation)
    let url = server.url(path).absoluteString
    #expect(
      output.stderrLines.first?.components(separatedBy: url).count == 2, "names \(url) once: \(output.stderr)",
      sourceLocation: sourceLocation)
    #expect(output.stdout == "", sourceLocation: sourceLocation)
    #expect(server.requestCount == requests, sourceLocation: sourceLocation)
    #expect(entries.isEmpty, sourceLocation: sourceLocation)
    #expect(
      verify == VerifyOutput(checked: 0, broken: [], orphans: 0, fixed: false, clean: true),
      sourceLocation: sourceLocation)
  }

  // MARK: - Statuses

  @Test("500 and 503 are retried, then the image is served and stored", arguments: [500, 503])
  func serverErrorThenSuccess(status: Int) async throws {
    let script = HTTPTestReplyScript([.status(status)], then: .ok(TestImages.png(3)))
    let server = try HTTPTestServer { _ in script.next() }
    defer { server.stop() }
    let (output, verify, entries) = try await get("/a.png", on: server)
    #expect(output.status == 0)
    #expect(output.stdout.hasPrefix("network  PNG 19×19  "))
    #expect(server.requestCount == 2)
    #expect(entries.map(\.url) == [server.url("/a.png").absoluteString])
    #expect(verify.clean && verify.checked == 1)
  }

  @Test func notFoundIsNotRetried() async throws {
    try await expectFailure("/missing.png", reply: .status(404), message: "HTTP 404 Not Found", requests: 1)
  }

  @Test func tooManyRequestsWaitsForRetryAfter() async throws {
    let arrivals = Mutex<[ContinuousClock.Instant]>([])
    let script = HTTPTestReplyScript([.status(429, headers: ["Retry-After": "1"])], then: .ok(TestImages.png(4)))
    let server = try HTTPTestServer { _ in
      arrivals.withLock { $0.append(.now) }
      return script.next()
    }
    defer { server.stop() }
    let (output, verify, entries) = try await get("/slow.png", on: server)
    #expect(output.status == 0)
    #expect(server.requestCount == 2)
    let times = arrivals.withLock { $0 }
    // A lower bound only (sleeping can't be shorter than asked): proves the client honoured Retry-After.
    #expect(times.count == 2 && times[1] - times[0] >= .milliseconds(950))
    #expect(entries.count == 1 && verify.clean)
  }

  // MARK: - Broken transfers (transient: retried twice, then reported)

  /// The whole line, libcurl's words included (Debian 12's libcurl 7.88): the URL once, then what went wrong.
  @Test func connectionResetMidBody() async throws {
    try await expectFailure(
      "/reset.png", reply: .reset(afterBodyBytes: 50),
      message: "transfer interrupted: Recv failure: Connection reset by peer", requests: 3)
  }

  @Test func bodyShorterThanContentLength() async throws {
    try await expectFailure(
      "/short.png", reply: .shortBody(declaredLength: 400, actual: 100),
      message: "transfer interrupted: transfer closed with 300 bytes remaining to read", requests: 3)
  }

  @Test func stallAfterHeadersTimesOut() async throws {
    try await expectFailure(
      "/stall.png", reply: .stallAfterHeaders, message: "timed out:", requests: 1, extra: ["--retries", "0"])
  }

  @Test func bodyGrowingPastTheCapIsCut() async throws {
    try await expectFailure(
      "/endless.png", reply: .endlessBody, message: "response body larger than 65536 bytes", requests: 1,
      extra: ["--max-body", "64KB"])
  }

  // MARK: - Redirects

  @Test func redirectLoopStops() async throws {
    try await expectFailure(
      "/loop", reply: .redirect(to: "/loop"), message: "too many redirects:", requests: 6)
  }

  @Test(
    "redirects to other schemes are refused before any I/O",
    arguments: ["file:///etc/passwd", "gopher://127.0.0.1:1/x", "ftp://127.0.0.1:1/x.png"])
  func redirectToForeignScheme(target: String) async throws {
    try await expectFailure(
      "/jump", reply: .redirect(to: target), message: "refused non-http(s) URL \(target)", requests: 1)
  }

  @Test func redirectAcrossHostsIsFollowed() async throws {
    let png = TestImages.png(5)
    let portBox = Mutex<UInt16>(0)
    let server = try HTTPTestServer { request in
      request.path == "/from" ? .redirect(to: "http://localhost:\(portBox.withLock { $0 })/to.png") : .ok(png)
    }
    defer { server.stop() }
    portBox.withLock { $0 = server.port }
    let (output, verify, entries) = try await get("/from", on: server)
    #expect(output.status == 0)
    #expect(server.requests.map(\.target) == ["/from", "/to.png"])
    #expect(server.requests.last?.header("host") == "localhost:\(server.port)")
    // Stored under the URL asked for, so the next lookup finds it.
    #expect(entries.map(\.url) == [server.url("/from").absoluteString])
    #expect(verify.clean)
  }

  // MARK: - Bodies that are not images

  @Test func htmlPageIsRefused() async throws {
    try await expectFailure(
      "/page.png", reply: .text("<!doctype html><html><body>Not here</body></html>", contentType: "text/html"),
      message: "not a PNG or JPEG image (HTML page); nothing was cached", requests: 1)
  }

  @Test func gifIsRefused() async throws {
    try await expectFailure(
      "/anim.gif", reply: .ok(TestImages.gif, headers: ["Content-Type": "image/gif"]),
      message: "not a PNG or JPEG image (GIF image); nothing was cached", requests: 1)
  }

  @Test func emptyBodyIsRefused() async throws {
    try await expectFailure(
      "/empty.png", reply: .ok([]), message: "not a PNG or JPEG image (empty body); nothing was cached", requests: 1)
  }

  @Test func pngWithWrongCRCIsRefused() async throws {
    try await expectFailure(
      "/crc.png", reply: .ok(TestImages.pngWithBadCRC()), message: "corrupt PNG image:", requests: 1)
  }

  @Test func hugePNGIsRefusedFromItsHeader() async throws {
    try await expectFailure(
      "/huge.png", reply: .ok(TestImages.pngClaiming(width: 100_000, height: 100_000)),
      message: "image is 100000×100000, more than the limit of 16777216 pixels; nothing was cached", requests: 1)
  }

  @Test func truncatedJPEGIsRefused() async throws {
    let jpeg = TestImages.jpeg(2)
    try await expectFailure(
      "/cut.jpg", reply: .ok(Array(jpeg.prefix(jpeg.count / 2))), message: "corrupt JPEG image:", requests: 1)
  }

  // MARK: - warm over a mixed list

  @Test func warmReportsEachFailureOnOneLine() async throws {
    let server = try HTTPTestServer { request in
      switch request.path {
      case "/ok.png": .ok(TestImages.png(7))
      case "/gone.png": .status(404)
      default: .text("<html></html>", contentType: "text/html")
      }
    }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let list = try ScratchCache.urlList(["/ok.png", "/gone.png", "/page.png"].map { server.url($0) })
    defer { try? FileManager.default.removeItem(atPath: list) }
    let output = try await CLI.run(["warm", "--urls", list] + cache.arguments)
    #expect(output.status == 1)
    let lines = output.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    let png = TestImages.png(7)
    #expect(lines.first?.hasPrefix("warmed 3 URLs in ") == true, "\(output.stdout)")
    #expect(
      lines.first?.hasSuffix(
        " s: 1 fetched, 0 already fresh, 0 revalidated, 2 failed; \(png.count) B downloaded") == true,
      "\(output.stdout)")
    #expect(
      lines.dropFirst().sorted() == [
        "failed: \(server.url("/gone.png").absoluteString): HTTP 404 Not Found",
        "failed: \(server.url("/page.png").absoluteString): not a PNG or JPEG image (HTML page); nothing was cached",
      ])
    await #expect(try cache.list().map(\.url) == [server.url("/ok.png").absoluteString])
    await #expect(try cache.verify().clean)
  }
}
