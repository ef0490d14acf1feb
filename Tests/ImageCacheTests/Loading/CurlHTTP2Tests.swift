import Foundation
import ImageCache
import TestSupport
import Testing

/// HTTP/2 over TLS against nginx with a throwaway private CA: the multiplexing the loader configures
/// (CURLPIPE_MULTIPLEX on the multi handle, CURLOPT_PIPEWAIT on https transfers) shown from the server's side, and
/// verification shown to stay on.
///
/// Needs `nginx` and `openssl`; scripts/install-deps (run by scripts/test and CI) installs both. Without them the
/// suite is reported as skipped with that reason, never as passed.
@Suite(
  "CurlDataLoader over HTTP/2 and TLS (nginx, private CA)",
  .enabled(if: NginxTLSServer.missingTools == nil, "needs nginx and openssl: scripts/install-deps installs them"),
  .timeLimit(.minutes(20)))
struct CurlHTTP2Tests {
  static let imageCount = 40

  /// 40 noisy PNGs of about 10 KB. Served at 8 KB/s each (nginx's `limit_rate`), a response takes about a
  /// second, so concurrent streams on one connection visibly overlap in the access log.
  static func makeServer(rateLimited: Bool = true) throws -> NginxTLSServer {
    var files: [String: [UInt8]] = [:]
    for number in 0..<imageCount { files[String(format: "cover-%02d.png", number)] = noisyPNG(number, side: 50) }
    return try NginxTLSServer(files: files, rateLimit: rateLimited ? 8 * 1024 : nil)
  }

  static func urls(on server: NginxTLSServer) -> [URL] {
    (0..<imageCount).map { server.url(String(format: "/cover-%02d.png", $0)) }
  }

  static func configuration(caBundle: URL?) -> ImageManager.Configuration {
    var configuration = ImageManager.Configuration(cacheDirectory: nil)
    configuration.caBundlePath = caBundle?.path
    configuration.maxRetries = 0
    return configuration
  }

  /// Every URL through `image(for:)` at once; each one's outcome, in URL order.
  static func fetchAll(_ urls: [URL], with manager: ImageManager) async -> [Result<Int, ImageManagerError>] {
    await withTaskGroup(of: (Int, Result<Int, ImageManagerError>).self) { group in
      for (index, url) in urls.enumerated() {
        group.addTask {
          do throws(ImageManagerError) {
            return (index, .success(try await manager.image(for: url).width))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var outcomes = [Result<Int, ImageManagerError>](repeating: .failure(.cancelled), count: urls.count)
      for await (index, outcome) in group { outcomes[index] = outcome }
      return outcomes
    }
  }

  @Test func concurrentFetchesAreMultiplexedOverOneHTTP2Connection() async throws {
    // Given: nginx with HTTP/2 on TLS, and a manager that trusts the private CA (and nothing less: verification on).
    let server = try Self.makeServer()
    defer { server.stop() }
    let configuration = Self.configuration(caBundle: server.caBundle)
    let transport = ImageManager.makeTransport(configuration)
    let manager = try ImageManager(configuration: configuration, transport: transport)

    // When: all 40 at once.
    let outcomes = await Self.fetchAll(Self.urls(on: server), with: manager)

    // Then: every image arrived and decoded…
    let widths = try outcomes.map { try $0.get() }
    #expect(widths == Array(repeating: 50, count: Self.imageCount))
    let log = server.accessLog(atLeast: Self.imageCount)
    #expect(log.count == Self.imageCount, "\(server.errorLog)")
    #expect(Set(log.map(\.status)) == [200])
    // …each request as HTTP/2…
    #expect(Set(log.map(\.serverProtocol)) == ["HTTP/2.0"])
    // …all on one connection: PIPEWAIT makes every transfer added while the first connection is still being set
    // up wait for it instead of opening its own (up to 6 per host would be allowed), and once ALPN said h2 they
    // all become streams on it. libcurl's own count of new connections agrees with nginx's.
    let connections = Set(log.map(\.connection))
    #expect(connections.count == 1)
    #expect(transport.metrics.connectionsMade == connections.count)
    #expect(transport.metrics.requests == Self.imageCount)
    #expect(log.map(\.connectionRequests).max() == Self.imageCount)
    // …and at the same time: many streams in flight at once on that connection (at most 16, the loader's bound
    // on transfers), not one request after another over a kept-alive connection. Each response takes about a
    // second (rate-limited), so counting it as ended 20 ms early changes nothing but the boundaries, where nginx's
    // log is late: on a loaded machine it once showed 17 (one finishing stream logged after curl had started the
    // next).
    let overlap = NginxTLSServer.peakOverlap(log, endingEarlierBy: 0.020)
    #expect(overlap > 1 && overlap <= configuration.maxConcurrentTransfers, "peak overlap \(overlap)")
  }

  @Test func withoutTheCABundleTheSameFetchFailsVerification() async throws {
    let server = try Self.makeServer(rateLimited: false)
    defer { server.stop() }
    let manager = try ImageManager(configuration: Self.configuration(caBundle: nil))

    let outcomes = await Self.fetchAll(Self.urls(on: server), with: manager)

    for (url, outcome) in zip(Self.urls(on: server), outcomes) {
      guard case .failure(.transfer(let failedURL, .tls(let message))) = outcome else {
        Issue.record("expected a TLS failure for \(url), got \(outcome)")
        continue
      }
      #expect(failedURL == url.absoluteString)
      #expect(message.contains("certificate"), "\(message)")
    }
    // Refused during the handshake: not one HTTP request reached nginx.
    #expect(server.accessLog(timeout: .milliseconds(200)).isEmpty)
  }

  @Test func aBundleWithoutTheSigningCAFailsVerification() async throws {
    let server = try Self.makeServer(rateLimited: false)
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .init(caBundlePath: server.unrelatedCABundle.path))

    let result = await loader.loadResult(server.url("/cover-00.png"))

    guard case .failure(.tls(let message)) = result else {
      Issue.record("expected a TLS failure, got \(result)")
      return
    }
    #expect(message.contains("certificate"), "\(message)")
    #expect(server.accessLog(timeout: .milliseconds(200)).isEmpty)
  }

  @Test func theHostNameIsStillCheckedWithTheCABundle() async throws {
    // The certificate names IP 127.0.0.1 only; "localhost" reaches the same nginx but must not match it.
    let server = try Self.makeServer(rateLimited: false)
    defer { server.stop() }
    let loader = CurlDataLoader(configuration: .init(caBundlePath: server.caBundle.path))

    let good = await loader.loadResult(server.url("/cover-00.png"))
    let wrongName = await loader.loadResult(server.url("/cover-00.png", host: "localhost"))

    #expect((try? good.get().statusCode) == 200)
    guard case .failure(.tls(let message)) = wrongName else {
      Issue.record("expected a TLS failure for localhost, got \(wrongName)")
      return
    }
    #expect(message.contains("localhost"), "\(message)")
    #expect(server.accessLog(atLeast: 1).map(\.path) == ["/cover-00.png"])
  }

  @Test func aMissingCABundleFileIsATLSError() async throws {
    let server = try Self.makeServer(rateLimited: false)
    defer { server.stop() }
    let missing = server.folder.appendingPathComponent("no-such-ca.pem").path
    let loader = CurlDataLoader(configuration: .init(caBundlePath: missing))

    let result = await loader.loadResult(server.url("/cover-00.png"))

    guard case .failure(.tls(let message)) = result else {
      Issue.record("expected a TLS failure, got \(result)")
      return
    }
    #expect(message.contains(missing), "\(message)")
  }
}
