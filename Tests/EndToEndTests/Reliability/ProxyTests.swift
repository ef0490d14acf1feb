import Foundation
import TestSupport
import Testing

/// A company network sets http_proxy, HTTPS_PROXY or ALL_PROXY. libcurl honours them, but this machine's loopback
/// (the demo catalog, a local server) is never behind a proxy: it is reached directly whatever no_proxy says.
/// The proxy here is a dead port, so anything sent through it fails with "could not connect".
@Suite(
  "imgcache with proxy variables set", .serialized, .timeLimit(.minutes(20)),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"))
struct ProxyTests {
  /// The proxy variables naming `dead`, an address that refuses while the test holds it (a stopped server's port
  /// would not do: another test's server may be given it).
  static func proxyEnvironment(dead: RefusingAddress, noProxy: String) -> [String: String] {
    let proxy = dead.baseURL.absoluteString
    return [
      "http_proxy": proxy, "HTTPS_PROXY": proxy, "https_proxy": proxy, "ALL_PROXY": proxy, "all_proxy": proxy,
      "no_proxy": noProxy, "NO_PROXY": noProxy,
    ]
  }

  @Test(
    "loopback is fetched directly", arguments: ["127.0.0.1", "localhost", "127.0.0.1|example.com", "localhost|"])
  func loopbackIsNeverProxied(hostAndNoProxy: String) async throws {
    let parts = hostAndNoProxy.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    let host = parts[0]
    let noProxy = parts.count > 1 ? parts[1] : "example.com,.internal"
    let png = TestImages.png(6)
    let server = try HTTPTestServer { _ in .ok(png) }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let url = "http://\(host):\(server.port)/direct.png"

    let dead = try RefusingAddress()
    let output = try await CLI.run(
      ["get", url, "--retries", "0"] + cache.arguments, environment: Self.proxyEnvironment(dead: dead, noProxy: noProxy)
    )
    withExtendedLifetime(dead) {}

    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.hasPrefix("network  PNG ") && output.stdout.hasSuffix("  \(url)\n"), "\(output.stdout)")
    #expect(server.requests.map(\.target) == ["/direct.png"])
  }

  /// The control: the variables are in effect, so a host that is not loopback goes to the (dead) proxy.
  @Test func otherHostsStillGoThroughTheProxy() async throws {
    let dead = try RefusingAddress()
    let cache = try ScratchCache()
    defer { cache.remove() }

    let output = try await CLI.run(
      ["get", "http://images.example.invalid/a.png", "--retries", "0"] + cache.arguments,
      environment: Self.proxyEnvironment(dead: dead, noProxy: ""))
    withExtendedLifetime(dead) {}

    #expect(output.status == 1)
    #expect(
      output.stderrLines.first?.hasPrefix(
        "imgcache: http://images.example.invalid/a.png: could not connect: Failed to connect to 127.0.0.1 port \(dead.port)"
      )
        == true, "\(output.stderr)")
  }

  /// `warm <artist>` on the embedded catalog, as on a company laptop: every answer and cover comes from loopback.
  @Test func theDemoCatalogWorksWithAProxySet() async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    let dead = try RefusingAddress()
    var environment = Self.proxyEnvironment(dead: dead, noProxy: "")
    environment["LASTFM_API_KEY"] = ""
    environment["LASTFM_API_BASE"] = ""

    let output = try await CLI.run(
      ["warm", "ezra sandkeakjind", "--similar", "0", "--json"] + cache.arguments, environment: environment)

    #expect(output.status == 0, "\(output.stderr)")
    #expect(!output.stderr.contains("could not"), "\(output.stderr)")
    await #expect(try cache.verify().clean)
    withExtendedLifetime(dead) {}
  }
}
