import Foundation
import TestSupport
import Testing

/// The metadata cache damaged under a running browser (tmux, `LASTFM_API_BASE` at a local server): the next page
/// comes from the network, and the one after from the new cache the browser made in the damaged one's place.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct BrowserMetadataRepairTmuxTests {
  static let artist = "Mended Records"
  static let album = "Second Pressing"

  static func makeServer() throws -> HTTPTestServer {
    try HTTPTestServer { request in
      let answer: String? =
        switch request.query("method")?.lowercased() {
        case "chart.gettopartists": LastFMAnswers.chart([(artist, 4321), ("Another Band", 1234)])
        case "artist.getinfo": LastFMAnswers.artistInfo(artist, listeners: 4321, playcount: 98_765)
        case "artist.gettopalbums": LastFMAnswers.topAlbums(artist, [(album, nil)], playcount: 55)
        default: nil
        }
      return answer.map { .text($0, contentType: "application/json") } ?? .status(404)
    }
  }

  /// How many requests for `method` (lower-case) the server has had.
  static func requests(_ method: String, at server: HTTPTestServer) -> Int {
    server.requests.filter { $0.query("method")?.lowercased() == method }.count
  }

  /// Runs `script` with python3's sqlite3 on `database`: another process, as a user's tool would be. What it
  /// printed, or nil when it failed (a damaged file cannot be read).
  static func python(_ script: String, _ database: String) async throws -> String? {
    let output = try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import sqlite3,sys; " + script, database])
    guard output.status == 0 else { return nil }
    return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func storedAnswers(_ method: String, in database: String) async throws -> Int {
    let count = try await python(
      "print(sqlite3.connect(sys.argv[1]).execute(\"SELECT count(*) FROM answer WHERE method = '\(method)'\")"
        + ".fetchone()[0])", database)
    return count.flatMap { Int($0) } ?? 0
  }

  /// Waits (a minute at most, a safety net) until the browser has stored an answer to `method`.
  static func waitUntilStored(_ method: String, in database: String) async throws {
    let deadline = ContinuousClock.now + hangTimeout
    while try await storedAnswers(method, in: database) == 0 {
      guard ContinuousClock.now < deadline else { throw NotStored(method: method) }
      try await Task.sleep(for: .milliseconds(100))
    }
  }

  struct NotStored: Error, CustomStringConvertible {
    let method: String
    var description: String { "no answer to \(method) in the metadata cache after a minute" }
  }

  /// Moves every committed page into the main file, then overwrites all of it with random bytes, leaving the WAL
  /// and SHM the browser has open. The checkpoint resets the WAL, so the browser's connections read the file anew.
  static func damage(_ database: String) async throws {
    let busy = try await python(
      "print(sqlite3.connect(sys.argv[1]).execute('PRAGMA wal_checkpoint(TRUNCATE)').fetchone()[0])", database)
    try #require(busy == "0", "the checkpoint could not complete")
    let handle = try #require(FileHandle(forUpdatingAtPath: database))
    let size = Int(try handle.seekToEnd())
    try handle.seek(toOffset: 0)
    try handle.write(contentsOf: Data((0..<size).map { _ in UInt8.random(in: 0...255) }))
    try handle.close()
  }

  @Test func theNextPageComesFromTheNetworkAndTheOneAfterFromTheNewCache() async throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let database = cache.appendingPathComponent("metadata.sqlite").path
    let log = cache.appendingPathComponent("stderr.txt").path
    let tmux = TmuxSession()
    defer { tmux.kill() }
    // stderr to a file: the warning is kept there, and the full screen is not written over.
    try tmux.start(
      BrowserProcess.shellCommand(
        cacheDirectory: cache, arguments: ["--graphics", "none"], term: "xterm-256color",
        variables: ["LASTFM_API_BASE": server.url("/2.0/").absoluteString], stderrFile: log,
        after: "echo BROWSER-EXITED; sleep 600"),
      columns: 100, rows: 20)

    // Given the chart, shown and stored
    _ = try await tmux.waitForScreen("the chart from the local server") { screen in
      screen.contains { $0.contains(Self.artist) }
    }
    try await Self.waitUntilStored("chart.getTopArtists", in: database)

    // When the metadata cache is damaged while the browser runs
    try await Self.damage(database)

    // Then the artist's page comes from the network, and is stored in a new cache
    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForScreen("the artist page from the network") { screen in
      screen.contains { $0.contains(Self.album) }
    }
    #expect(Self.requests("artist.getinfo", at: server) == 1)
    let movedAside = try FileManager.default.contentsOfDirectory(atPath: cache.path)
      .filter { $0.hasPrefix("metadata.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    #expect(movedAside.count == 1, "\(movedAside)")
    try await Self.waitUntilStored("artist.getInfo", in: database)

    // and, opened again, from the new cache: no request
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the chart again") { screen in
      screen.first?.hasPrefix("Top artists") == true && screen.contains { $0.contains(Self.artist) }
    }
    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForScreen("the artist page again") { screen in
      screen.contains { $0.contains(Self.album) }
    }
    #expect(Self.requests("artist.getinfo", at: server) == 1)
    #expect(Self.requests("chart.gettopartists", at: server) == 1)

    try tmux.sendKeys("q")
    _ = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    // One warning, on one line, naming the file and where it went; no read or write failed after it
    let stderr = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    let warnings = stderr.split(separator: "\n").filter { $0.contains("was damaged") }
    #expect(warnings.count == 1, "\(stderr)")
    #expect(warnings.first?.contains("metadata cache \(database) was damaged (") == true, "\(stderr)")
    #expect(warnings.first?.contains("moved it to \(database).damaged-") == true, "\(stderr)")
    #expect(!stderr.contains("metadata cache read failed") && !stderr.contains("metadata cache write failed"))
  }
}
