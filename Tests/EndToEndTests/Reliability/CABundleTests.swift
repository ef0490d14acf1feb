import Foundation
import TestSupport
import Testing

/// `--ca-bundle FILE` through the built binary, against nginx with HTTP/2 on TLS and a throwaway private CA:
/// trusted with the bundle (over one multiplexed connection), refused without it, and a bad path is one line.
///
/// Needs `nginx` and `openssl` (scripts/install-deps installs both); without them the suite is reported skipped.
@Suite(
  "imgcache --ca-bundle over HTTP/2 and TLS",
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"),
  .enabled(if: NginxTLSServer.missingTools == nil, "needs nginx and openssl: scripts/install-deps installs them"),
  .timeLimit(.minutes(20)))
struct CABundleTests {
  static let count = 40

  struct Summary: Decodable {
    var total: Int
    var fetched: Int
    var failed: Int
    var failures: [PrefetchFailure]
  }

  struct PrefetchFailure: Decodable {
    var url: String
    var message: String
  }

  static func makeServer() throws -> (NginxTLSServer, [URL]) {
    var files: [String: [UInt8]] = [:]
    for number in 0..<count { files["t\(number).png"] = noisyPNG(number, side: 40) }
    let server = try NginxTLSServer(files: files)
    return (server, (0..<count).map { server.url("/t\($0).png") })
  }

  @Test func warmTrustsThePrivateCAAndFetchesOverOneHTTP2Connection() async throws {
    let (server, urls) = try Self.makeServer()
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let list = try ScratchCache.urlList(urls)
    defer { try? FileManager.default.removeItem(atPath: list) }

    let output = try await CLI.run(
      ["warm", "--urls", list, "--json", "--ca-bundle", server.caBundle.path] + cache.arguments)

    #expect(output.status == 0, "\(output.stderr)")
    let summary = try JSONDecoder().decode(Summary.self, from: Data(output.stdout.utf8))
    #expect(summary.fetched == Self.count)
    #expect(summary.failed == 0)
    let log = server.accessLog(atLeast: Self.count)
    #expect(log.count == Self.count)
    #expect(Set(log.map(\.serverProtocol)) == ["HTTP/2.0"])
    #expect(Set(log.map(\.connection)).count == 1)
    await #expect(
      try cache.verify() == VerifyOutput(checked: Self.count, broken: [], orphans: 0, fixed: false, clean: true))
  }

  @Test func withoutTheCABundleEveryURLFailsOnTheCertificate() async throws {
    let (server, urls) = try Self.makeServer()
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let list = try ScratchCache.urlList(urls)
    defer { try? FileManager.default.removeItem(atPath: list) }

    let output = try await CLI.run(["warm", "--urls", list, "--json"] + cache.arguments)

    #expect(output.status == 1)
    let summary = try JSONDecoder().decode(Summary.self, from: Data(output.stdout.utf8))
    #expect(summary.fetched == 0)
    #expect(summary.failed == Self.count)
    for failure in summary.failures {
      #expect(failure.message.hasPrefix("\(failure.url): TLS error: "), "\(failure.message)")
      #expect(failure.message.contains("certificate"), "\(failure.message)")
    }
    #expect(server.accessLog(timeout: .milliseconds(200)).isEmpty)
    await #expect(try cache.list().isEmpty)
  }

  @Test("a --ca-bundle that is not a readable file is one line, before any transfer", arguments: ["missing", "folder"])
  func badCABundlePathIsOneLine(kind: String) async throws {
    let (server, urls) = try Self.makeServer()
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let path: String
    let expected: String
    if kind == "missing" {
      path = server.folder.appendingPathComponent("no-such-ca.pem").path
      expected = "imgcache: --ca-bundle: no such file: \(path)"
    } else {
      path = server.folder.path
      expected = "imgcache: --ca-bundle: \(path) is a folder, not a PEM file"
    }

    let output = try await CLI.run(["get", urls[0].absoluteString, "--ca-bundle", path] + cache.arguments)

    #expect(output.status == 1)
    #expect(output.stderrLines == [expected])
    #expect(output.stdout == "")
    #expect(server.accessLog(timeout: .milliseconds(200)).isEmpty)
  }
}
