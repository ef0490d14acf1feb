import Foundation
import TestSupport
import Testing

/// What the tools say when the catalog misbehaves, with `--api-base` pointed at a local server: the reason whole
/// on stderr whatever COLUMNS and -v say, a size cap called a size cap, and the server named as itself.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"),
  .timeLimit(.minutes(20)))
struct BrowserMessageEndToEndTests {
  static let page =
    "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>"

  private func browser(_ arguments: [String], server: HTTPTestServer, extra: [String: String] = [:]) async throws
    -> ProcessRunner.Output
  {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    var environment = BrowserProcess.environment(cacheDirectory: cache)
    environment["LASTFM_API_BASE"] = server.url("/2.0/").absoluteString
    environment.merge(extra) { $1 }
    return try await ProcessRunner.run(BrowserProcess.name, arguments, environment: environment)
  }

  @Test(arguments: [
    (["--plain"], ["COLUMNS": "40"]), (["--plain", "-v"], ["COLUMNS": "200"]), (["--json"], [:]),
    (["--plain", "-vv"], ["COLUMNS": "20"]),
  ])
  func anErrorKeepsItsReasonOnStderr(arguments: [String], environment: [String: String]) async throws {
    let server = try HTTPTestServer { _ in .text(Self.page, contentType: "text/html") }
    defer { server.stop() }
    let output = try await browser(arguments, server: server, extra: environment)
    #expect(output.status == 1)
    let snippet = "\"" + Self.page.prefix(60) + "…\""
    let expected =
      "artist-browser: Something went wrong: unexpected answer from the API at 127.0.0.1:\(server.port): "
      + "chart.getTopArtists answer is not JSON (text/html): \(snippet)"
    let lines = output.stderr.split(separator: "\n").map(String.init)
    #expect(lines.contains(expected), "\(output.stderr)")
  }

  @Test func aFiftyMegabyteAnswerIsCalledTooLargeNotUnreachable() async throws {
    let huge = [UInt8](repeating: 0x20, count: 50 << 20)
    let server = try HTTPTestServer { _ in .ok(huge, headers: ["Content-Type": "application/json"]) }
    defer { server.stop() }
    let expected =
      "the API at 127.0.0.1:\(server.port) sent an answer larger than 20 MB, more than any of its answers should be; "
      + "check the API base, or try again later"
    // The browser's printout
    let output = try await browser(["--plain"], server: server)
    #expect(output.status == 1)
    #expect(output.stderr == "artist-browser: Something went wrong: \(expected)\n")
    // And imgcache warm, which asks the same server about an artist
    let cache = try ScratchCache()
    defer { cache.remove() }
    let warm = try await CLI.run(
      ["warm", "Anyone", "--api-base", server.url("/2.0/").absoluteString] + cache.arguments,
      environment: ["LASTFM_API_KEY": ""])
    #expect(warm.status == 1)
    #expect(warm.stderrLines == ["imgcache: \(expected)"])
  }

  @Test(.enabled(if: TmuxSession.executable != nil, "needs tmux"))
  func theStatusLineNamesTheServerInUse() async throws {
    let server = try HTTPTestServer { request in
      request.query("method")?.lowercased() == "chart.gettopartists"
        ? .text(LastFMAnswers.chart([("Served Elsewhere", 1234)]), contentType: "application/json") : .status(404)
    }
    defer { server.stop() }
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    var variables = BrowserProcess.environment(cacheDirectory: cache)
    variables["LASTFM_API_BASE"] = server.url("/2.0/").absoluteString
    let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(BrowserProcess.quoted($0.value))" }
    let tmux = TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      "env TERM=xterm-256color \(assignments.joined(separator: " ")) \(BrowserProcess.quoted(BrowserProcess.binary.path))"
        + "; sleep 600", columns: 80, rows: 12)
    let screen = try await tmux.waitForScreen("the chart from the local server") { screen in
      screen.contains { $0.contains("Served Elsewhere") }
    }
    let status = try #require(screen.dropLast(while: { $0.isEmpty }).last)
    #expect(status.hasPrefix("127.0.0.1:\(server.port)"), "\(status)")
    #expect(!status.contains("Last.fm"))
    try tmux.sendKeys("q")
  }
}

extension Array {
  fileprivate func dropLast(while predicate: (Element) -> Bool) -> ArraySlice<Element> {
    var slice = self[...]
    while let last = slice.last, predicate(last) { slice = slice.dropLast() }
    return slice
  }
}
