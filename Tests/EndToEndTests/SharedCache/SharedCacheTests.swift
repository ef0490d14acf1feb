import Foundation
import ImageCache
import TestSupport
import Testing

/// `--shared-cache` against the shipped nginx configuration (deploy/nginx-shared-cache.conf) on loopback: several
/// machines' worth of `imgcache` processes, each with its own cache folder, and one origin behind the shared cache.
@Suite(
  "shared cache tier through nginx", .serialized, .timeLimit(.minutes(20)),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"),
  .enabled(if: NginxSharedCache.missingReason == nil, "\(NginxSharedCache.missingReason ?? "")"))
struct SharedCacheTests {
  static let imageCount = 12

  /// An origin that serves `/img/<n>.png` and counts what it is asked.
  static func origin() throws -> HTTPTestServer {
    try HTTPTestServer { request in
      guard request.path.hasPrefix("/img/"), request.path.hasSuffix(".png"),
        let number = Int(request.path.dropFirst(5).dropLast(4))
      else { return .status(404) }
      return .ok(TestImages.png(number))
    }
  }

  static func imageURLs(on origin: HTTPTestServer) -> [URL] {
    (0..<imageCount).map { origin.url("/img/\($0).png") }
  }

  struct Warm: Decodable {
    var total: Int
    var fetched: Int
    var revalidated: Int
    var failed: Int
  }

  static func warm(_ list: String, _ cache: ScratchCache, sharedCache: URL, _ more: [String] = []) throws
    -> CLI.Running
  {
    try CLI.start(
      ["warm", "--urls", list, "--json", "--retries", "0", "--shared-cache", sharedCache.absoluteString] + more
        + cache.arguments)
  }

  @Test func threeProcessesShareOneOriginFetchAndAFourthFallsBackWhenNginxIsDown() async throws {
    let origin = try Self.origin()
    defer { origin.stop() }
    let nginx = try NginxSharedCache(origins: ["http://127.0.0.1:\(origin.port)"])
    let urls = Self.imageURLs(on: origin)
    let list = try ScratchCache.urlList(urls)
    defer { try? FileManager.default.removeItem(atPath: list) }
    let caches = try (0..<4).map { _ in try ScratchCache() }
    defer { caches.forEach { $0.remove() } }

    // Three at once: nginx's cache lock makes the concurrent misses for one image a single origin request.
    let running = try caches.prefix(3).map { try Self.warm(list, $0, sharedCache: nginx.baseURL) }
    let outputs = await running.asyncMap { await $0.wait() }

    for output in outputs {
      #expect(output.status == 0, "\(output.stderr)\n\(nginx.errorLog)")
      #expect(output.stderr == "", "no warning while the shared cache answers")
      let report = try JSONDecoder().decode(Warm.self, from: Data(output.stdout.utf8))
      #expect((report.total, report.fetched, report.failed) == (Self.imageCount, Self.imageCount, 0))
    }
    let served = urls.map { "/img/\($0.lastPathComponent)" }
    #expect(origin.requests.map(\.target).sorted() == served.sorted(), "each image once from the origin")
    let log = nginx.accessLog(atLeast: 3 * Self.imageCount)
    #expect(log.count == 3 * Self.imageCount)
    #expect(log.allSatisfy { $0.method == "GET" && $0.status == 200 }, "\(log)")
    #expect(log.filter { $0.cacheStatus == "MISS" }.count == Self.imageCount, "\(log.map(\.cacheStatus))")
    #expect(
      Set(log.map(\.path)) == Set(served.map { "/http/127.0.0.1:\(origin.port)\($0)" }),
      "requested as /SCHEME/HOST:PORT/PATH")
    // Each machine's cache holds the images under their own URLs, not the shared cache's.
    for cache in caches.prefix(3) {
      await #expect(try cache.list().map(\.url).sorted() == urls.map(\.absoluteString).sorted())
    }

    // The shared cache goes away: a fourth machine still gets every image, from the origin, warned once. (Gone is
    // an address that refuses while the test holds it; nginx's port, once stopped, may go to another test's server.)
    let gone = try RefusingAddress()
    let sharedCache = gone.baseURL
    let fourth = try await Self.warm(list, caches[3], sharedCache: sharedCache).wait()
    withExtendedLifetime(gone) {}

    #expect(fourth.status == 0, "\(fourth.stderr)")
    let report = try JSONDecoder().decode(Warm.self, from: Data(fourth.stdout.utf8))
    #expect((report.total, report.fetched, report.failed) == (Self.imageCount, Self.imageCount, 0))
    #expect(origin.requests.map(\.target).sorted() == (served + served).sorted())
    let warnings = fourth.stderrLines.filter { $0.contains("shared cache") }
    #expect(warnings.count == 1, "\(fourth.stderr)")
    let warning = try #require(warnings.first)
    #expect(
      warning.contains("shared cache \(sharedCache.absoluteString) unreachable (could not connect: "), "\(warning)")
    #expect(warning.hasSuffix("); fetching from origins"), "\(warning)")
    #expect(fourth.stderrLines.count == 1, "\(fourth.stderr)")
    await #expect(try caches[3].list().map(\.url).sorted() == urls.map(\.absoluteString).sorted())
  }

  /// Validators across both hops: a machine's stale copy is confirmed with a 304 from the shared cache, which
  /// revalidated its own expired copy with the origin's ETag.
  @Test func aStaleCopyIsRevalidatedThroughTheSharedCache() async throws {
    let png = TestImages.png(7)
    let origin = try HTTPTestServer { request in
      request.header("if-none-match") == "\"v1\""
        ? .response(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=1"])
        : .ok(png, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=1"])
    }
    defer { origin.stop() }
    let nginx = try NginxSharedCache(origins: ["http://127.0.0.1:\(origin.port)"])
    let list = try ScratchCache.urlList([origin.url("/img/7.png")])
    defer { try? FileManager.default.removeItem(atPath: list) }
    let cache = try ScratchCache()
    defer { cache.remove() }

    let first = try await Self.warm(list, cache, sharedCache: nginx.baseURL).wait()
    // Both copies, this machine's and the shared cache's, are fresh for one second.
    try await Task.sleep(for: .milliseconds(2500))
    let second = try await Self.warm(list, cache, sharedCache: nginx.baseURL).wait()

    #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
    let report = try JSONDecoder().decode(Warm.self, from: Data(second.stdout.utf8))
    #expect((report.fetched, report.revalidated, report.failed) == (0, 1, 0), "\(second.stdout)")
    #expect(origin.requests.map { $0.header("if-none-match") } == [nil, "\"v1\""])
    let log = nginx.accessLog(atLeast: 2)
    #expect(log.map(\.status) == [200, 304])
    #expect(log.map(\.cacheStatus) == ["MISS", "REVALIDATED"])
  }

  /// An HTTPS origin (nginx with HTTP/2 and a throwaway CA) serving four images, as Last.fm's covers are, listed
  /// in a shared cache that trusts the CA `trusted` picks for its upstream TLS; and the list a warm reads.
  struct HTTPSOriginBehindSharedCache {
    let origin: NginxTLSServer
    let nginx: NginxSharedCache
    let urls: [URL]
    let list: String

    init(trusting trusted: (NginxTLSServer) -> URL) throws {
      let names = (0..<4).map { "\($0).png" }
      let origin = try NginxTLSServer(
        files: Dictionary(uniqueKeysWithValues: names.indices.map { (names[$0], TestImages.png($0)) }))
      self.origin = origin
      do {
        nginx = try NginxSharedCache(
          origins: ["https://127.0.0.1:\(origin.port)"], trustedCertificates: trusted(origin))
        urls = names.map { origin.url("/\($0)") }
        list = try ScratchCache.urlList(urls)
      } catch {
        origin.stop()
        throw error
      }
    }

    func remove() {
      origin.stop()
      try? FileManager.default.removeItem(atPath: list)
    }
  }

  @Test func anHTTPSOriginIsVerifiedAndFetchedOnceForTwoMachines() async throws {
    // Given an HTTPS origin listed in the shared cache, which trusts the origin's CA for its upstream TLS
    let setup = try HTTPSOriginBehindSharedCache(trusting: \.caBundle)
    defer { setup.remove() }
    let (origin, nginx, urls, list) = (setup.origin, setup.nginx, setup.urls, setup.list)
    let caches = try (0..<2).map { _ in try ScratchCache() }
    defer { caches.forEach { $0.remove() } }

    // When two machines warm the list through it, one after the other (neither trusts that CA itself)
    let outputs = try await caches.asyncMap { await (try Self.warm(list, $0, sharedCache: nginx.baseURL)).wait() }

    // Then both have every image, without a warning, and the origin served each once, over TLS to nginx
    for output in outputs {
      #expect(output.status == 0, "\(output.stderr)\n\(nginx.errorLog)")
      #expect(output.stderr == "", "no fallback to the origin")
      let report = try JSONDecoder().decode(Warm.self, from: Data(output.stdout.utf8))
      #expect((report.total, report.fetched, report.failed) == (urls.count, urls.count, 0))
    }
    #expect(origin.accessLog(atLeast: urls.count).map(\.path).sorted() == urls.map(\.path).sorted())
    let log = nginx.accessLog(atLeast: 2 * urls.count)
    #expect(log.map(\.status) == Array(repeating: 200, count: 2 * urls.count))
    #expect(
      log.map(\.cacheStatus) == Array(repeating: "MISS", count: urls.count) + Array(repeating: "HIT", count: urls.count)
    )
    #expect(Set(log.map(\.path)) == Set(urls.map { "/https/127.0.0.1:\(origin.port)\($0.path)" }))
  }

  @Test func anHTTPSOriginWhoseCertificateNginxCannotVerifyIsNotProxied() async throws {
    // Given the shared cache trusting a CA that did not sign the origin's certificate
    let setup = try HTTPSOriginBehindSharedCache(trusting: \.unrelatedCABundle)
    defer { setup.remove() }
    let (origin, nginx, urls) = (setup.origin, setup.nginx, setup.urls)
    let cache = try ScratchCache()
    defer { cache.remove() }

    // When a machine that trusts the origin's CA warms the list through it
    let output = try await Self.warm(
      setup.list, cache, sharedCache: nginx.baseURL, ["--ca-bundle", origin.caBundle.path]
    ).wait()

    // Then nginx refused the unverified upstream (502, nothing cached), and the machine got every image from the
    // origin directly, warned once
    #expect(output.status == 0, "\(output.stderr)")
    let report = try JSONDecoder().decode(Warm.self, from: Data(output.stdout.utf8))
    #expect((report.total, report.fetched, report.failed) == (urls.count, urls.count, 0))
    #expect(nginx.errorLog.contains("upstream SSL certificate verify error"), "\(nginx.errorLog)")
    let log = nginx.accessLog(atLeast: 1)
    #expect(!log.isEmpty && log.allSatisfy { $0.status == 502 }, "\(log)")
    #expect(output.stderrLines.filter { $0.contains("shared cache") }.count == 1, "\(output.stderr)")
    #expect(origin.accessLog(atLeast: urls.count).map(\.path).sorted() == urls.map(\.path).sorted())
  }

  /// No open proxy: an origin that is not listed is refused before anything is fetched, and says so in a header
  /// the clients recognise.
  @Test(arguments: ["http", "https"])
  func anOriginNotListedIsRefused(scheme: String) async throws {
    let listed = try Self.origin()
    defer { listed.stop() }
    let other = try Self.origin()
    defer { other.stop() }
    let nginx = try NginxSharedCache(origins: ["http://127.0.0.1:\(listed.port)"])
    let loader = CurlDataLoader(configuration: .patient)
    // Another port on a listed host, or the listed port under another scheme, is another origin.
    let unlisted = scheme == "http" ? "http/127.0.0.1:\(other.port)" : "https/127.0.0.1:\(listed.port)"

    let answer = try await loader.load(DataRequest(url: nginx.baseURL.appendingPathComponent("\(unlisted)/img/1.png")))

    #expect(answer.statusCode == 403)
    #expect(answer.header("x-shared-cache-refused") == "origin not listed")
    #expect(other.requestCount == 0)
    #expect(listed.requestCount == 0)
    #expect(nginx.accessLog(atLeast: 1).map(\.status) == [403])
  }

  /// The client's side of a refusal: `imgcache get` of an unlisted origin still gets the image, from the origin,
  /// without a warning (a refusal is the list doing its job, not an outage).
  @Test func aClientFetchesAnUnlistedOriginDirectly() async throws {
    let origin = try Self.origin()
    defer { origin.stop() }
    let nginx = try NginxSharedCache(origins: [])
    let cache = try ScratchCache()
    defer { cache.remove() }
    let url = origin.url("/img/3.png")

    let output = try await CLI.run(
      ["get", url.absoluteString, "--retries", "0", "--shared-cache", nginx.baseURL.absoluteString] + cache.arguments)

    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr == "")
    #expect(output.stdout.hasPrefix("network  PNG ") && output.stdout.hasSuffix("  \(url.absoluteString)\n"))
    #expect(origin.requests.map(\.target) == ["/img/3.png"])
    #expect(nginx.accessLog(atLeast: 1).map(\.status) == [403])
  }

  @Test(arguments: [
    (["--shared-cache", "ftp://cache.example"], [:], "--shared-cache: not an http or https URL"),
    ([], ["IMGCACHE_SHARED_CACHE": "cache.example:8080"], "IMGCACHE_SHARED_CACHE: not an http or https URL"),
    (["--shared-cache", "http://u:pw@cache.example"], [:], "--shared-cache: must not carry a user name or password"),
  ])
  func aBadSharedCacheIsOneLine(arguments: [String], environment: [String: String], message: String) async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }

    let output = try await CLI.run(
      ["get", "http://127.0.0.1:9/a.png"] + arguments + cache.arguments, environment: environment)

    #expect(output.status == 1)
    #expect(
      output.stderrLines
        == ["imgcache: \(message); give http(s)://HOST[:PORT][/PATH], e.g. http://imgcache.internal:8080"])
    #expect(!output.stderr.contains("pw"))
  }
}
