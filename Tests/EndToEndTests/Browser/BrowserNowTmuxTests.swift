import DemoCatalog
import Foundation
import ImageCache
import Synchronization
import Testing

/// The Now screen in a real terminal (tmux, demo catalog): the track changing on screen as the catalog's clock
/// moves, Enter opening the album, Backspace returning, `q` leaving the terminal clean; the listener's play
/// counts and tags on it; the fallback (`velvetmoth`: no now-playing, the last scrobble) and the idle screen
/// (`fieldrecorder`: the week) as the demo listeners show them. The track change needs a clock the test moves:
/// the demo server runs in the test process with one, and the browser is pointed at it with `--api-base`.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct BrowserNowTmuxTests {
  /// The left column of the beside layout: a line's text before the gap to the cover.
  static func text(_ line: String) -> String {
    (line.components(separatedBy: "  ").first ?? "").trimmingCharacters(in: .whitespaces)
  }

  /// What the server says `nightjar_radio` plays at its clock now.
  static func playing(on server: DemoServer) async throws -> String {
    var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)!
    components.queryItems = [
      .init(name: "method", value: "user.getrecenttracks"), .init(name: "user", value: "nightjar_radio"),
      .init(name: "limit", value: "1"), .init(name: "format", value: "json"), .init(name: "api_key", value: "test"),
    ]
    let response = try await CurlDataLoader(configuration: .patient).load(DataRequest(url: components.url!))
    let root = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    let tracks = (root?["recenttracks"] as? [String: Any])?["track"] as? [[String: Any]]
    let first = try #require(tracks?.first)
    #expect((first["@attr"] as? [String: Any])?["nowplaying"] as? String == "true", "nightjar_radio plays all day")
    let artist = (first["artist"] as? [String: Any])?["#text"] as? String ?? ""
    return "\(artist) — \(first["name"] as? String ?? "")"
  }

  @Test func theTrackChangesOnScreenEnterOpensTheAlbumBackspaceReturnsAndQLeavesCleanly() async throws {
    let clock = Mutex(Int(Date().timeIntervalSince1970))
    let server = try await DemoServer.start(clock: { clock.withLock { $0 } })
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let first = try await Self.playing(on: server)
    let tmux = TmuxSession()
    try tmux.start(
      BrowserProcess.shellCommand(
        cacheDirectory: cache,
        arguments: [
          "--api-base", server.baseURL.absoluteString, "--user", "nightjar_radio", "--now", "--interval", "2",
        ],
        term: "xterm-256color", after: "echo BROWSER-EXITED; sleep 600"),
      columns: 120, rows: 30)
    defer {
      tmux.kill()
    }
    let now = try await tmux.waitForScreen("the Now screen with its cover and facts") { screen in
      screen.contains { $0.hasPrefix(first) } && screen.contains { $0.hasPrefix("▶ playing now") }
        && screen.contains { Self.text($0).contains(" of this track · ") } && screen.contains { $0.hasPrefix("tags: ") }
        && screen.contains { $0.hasPrefix("Before it:") } && screen.contains { $0.hasSuffix("▀▀▀▀▀▀▀▀") }
    }
    #expect(Self.text(now[0]) == first)

    // The clock moves on until another track plays; the screen follows within a poll.
    var next = first
    for _ in 0..<12 where next == first {
      clock.withLock { $0 += 7 * 60 }
      next = try await Self.playing(on: server)
    }
    try #require(next != first, "nightjar_radio played \(first) for over 80 minutes")
    let changed = try await tmux.waitForScreen("the next track") { screen in
      screen.first.map { Self.text($0) == next } == true && screen.contains { $0.hasPrefix("▶ playing now") }
        && screen.contains { Self.text($0).contains(" of this track · ") }
    }
    // The track before is now among the earlier ones.
    #expect(changed.contains { $0.contains(first) })
    let album = Self.text(changed[1])
    #expect(!album.isEmpty)

    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForScreen("the album page") { screen in
      screen.first?.hasPrefix(album) == true && screen.contains { $0.contains(" tracks · ") }
    }
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the Now screen again") { screen in
      screen.first.map { Self.text($0) == next } == true && screen.contains { $0.hasPrefix("▶ playing now") }
    }
    try tmux.sendKeys("q")
    _ = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(try tmux.format("#{alternate_on}") == "0")
    await server.shutdown()
  }

  @Test func nFromTheListenersPageOpensTheNowScreen() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = TmuxSession()
    try tmux.start(
      BrowserProcess.shellCommand(
        cacheDirectory: cache, arguments: ["--user", "nightjar_radio"], term: "xterm-256color",
        after: "echo BROWSER-EXITED; sleep 600"),
      columns: 120, rows: 30)
    defer { tmux.kill() }
    _ = try await tmux.waitForScreen("the listener's recent tracks") { screen in
      screen.contains { $0.hasPrefix("> ▶ now playing  ") }
    }
    try tmux.sendKeys("n")
    _ = try await tmux.waitForScreen("the Now screen") { screen in
      screen.contains { $0.hasPrefix("▶ playing now") } && screen.contains { $0.hasPrefix("Before it:") }
    }
    try tmux.sendKeys("q")
    _ = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(try tmux.format("#{alternate_on}") == "0")
  }

  /// `velvetmoth` sends no now-playing: the last scrobble, "last played …", with its facts; `fieldrecorder` has
  /// not listened for days: the idle screen, the week's scrobbles and its albums as a wall of small tiles.
  @Test func theFallbackAndTheIdleListenersScreens() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    for (user, expected) in [
      ("velvetmoth", ["last played ", " of this track · ", "tags: ", "Before it:"]),
      ("fieldrecorder", ["nothing played for a day: last played ", " scrobbles in the last 7 days", "Top albums, "]),
    ] {
      let tmux = TmuxSession()
      defer { tmux.kill() }
      try tmux.start(
        BrowserProcess.shellCommand(
          cacheDirectory: cache, arguments: ["--user", user, "--now"], term: "xterm-256color",
          after: "echo BROWSER-EXITED; sleep 600"),
        columns: 100, rows: 30)
      let screen = try await tmux.waitForScreen("\(user)'s Now screen") { screen in
        expected.allSatisfy { part in screen.contains { Self.text($0).contains(part) || $0.contains(part) } }
      }
      if user == "fieldrecorder" {
        #expect(!screen.contains { $0.contains("Before it:") }, "the week stands in for the tracks")
        #expect(screen.contains { $0.contains(" plays") }, "the wall's captions")
      } else {
        #expect(!screen.contains { $0.hasPrefix("▶ playing now") })
      }
      try tmux.sendKeys("q")
      _ = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
      #expect(try tmux.format("#{alternate_on}") == "0")
    }
  }
}
