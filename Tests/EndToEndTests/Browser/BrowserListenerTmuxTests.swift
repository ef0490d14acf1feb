import Foundation
import Testing

/// The listener and tag pages in a real terminal (tmux, 120×30, demo catalog), driven with keys and read back from
/// the screen: the playing track on top, `Tab` and `p` changing list and period, Enter opening an album and
/// Backspace coming back, `u` asking for a name, and an unknown user said on the status line.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct BrowserListenerTmuxTests {
  static let columns = 120
  static let rows = 30

  /// The screen's last line: the status line.
  static func statusLine(_ screen: [String]) -> String { screen.count >= rows ? screen[rows - 1] : "" }

  /// A header line without the listener's picture at its right end (8 columns and the gap at 120 columns).
  static func headerText(_ line: String) -> String {
    var text = String(line.prefix(columns - 10))
    while text.last == " " { text.removeLast() }
    return text
  }

  /// The screen has `line` as a header line (its text, beside the picture).
  static func hasHeader(_ screen: [String], _ line: String) -> Bool { screen.contains { headerText($0) == line } }

  private func start(_ arguments: [String], cache: URL) throws -> TmuxSession {
    let tmux = TmuxSession()
    try tmux.start(
      BrowserProcess.shellCommand(
        cacheDirectory: cache, arguments: arguments, term: "xterm-256color",
        after: "echo BROWSER-EXITED; sleep 600"),
      columns: Self.columns, rows: Self.rows)
    return tmux
  }

  @Test func theDemoListenerPlaysSomethingTabAndPChangeTheListEnterOpensAnAlbumAndBackspaceReturns() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = try start(["--user", "nightjar_radio"], cache: cache)
    defer { tmux.kill() }

    // The profile, the tabs, and the playing track selected on top of the recent tracks.
    let recent = try await tmux.waitForScreen("the listener's recent tracks") { screen in
      screen.contains { $0.hasPrefix("> ▶ now playing  ") }
    }
    #expect(recent.first?.hasPrefix("nightjar_radio · Mara Quell · ") == true)
    #expect(Self.headerText(recent[1]) == "[Recent tracks] Top artists Top albums Top tracks Loved tracks")
    #expect(recent.contains { $0.contains(" min ago ") || $0.contains(" h ago ") })

    // Tab: the top artists of the last 7 days; p: of the last month.
    try tmux.sendKeys("Tab")
    _ = try await tmux.waitForScreen("the top artists") { screen in
      Self.hasHeader(screen, "Top artists · last 7 days") && screen.contains { $0.hasPrefix(">  1.  ") }
    }
    try tmux.sendKeys("p")
    let month = try await tmux.waitForScreen("the month's top artists") { screen in
      Self.hasHeader(screen, "Top artists · last month") && screen.contains { $0.hasPrefix(">  1.  ") }
    }
    #expect(month.contains { $0.contains(" plays") })

    // Tab again: the month's top albums; Enter opens the first one's page.
    try tmux.sendKeys("Tab")
    let albums = try await tmux.waitForScreen("the month's top albums") { screen in
      Self.hasHeader(screen, "Top albums · last month") && screen.contains { $0.hasPrefix(">  1.  ") }
    }
    let firstAlbum = try #require(albums.first { $0.hasPrefix(">  1.  ") })
    let albumName = String(
      firstAlbum.dropFirst(">  1.  ".count).prefix { $0 != "—" }.trimmingCharacters(in: .whitespaces))
    #expect(!albumName.isEmpty)
    try tmux.sendKeys("Enter")
    let albumPage = try await tmux.waitForScreen("the album page") { screen in
      screen.first?.hasPrefix(albumName) == true && screen.contains { $0.contains(" tracks · ") }
    }
    #expect(!Self.hasHeader(albumPage, "Top albums · last month"))

    // Backspace: the listener's page again, on the same list and period.
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the listener's top albums again") { screen in
      Self.hasHeader(screen, "Top albums · last month") && screen.first?.hasPrefix("nightjar_radio") == true
    }
    try tmux.sendKeys("q")
    _ = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
    #expect(try tmux.format("#{alternate_on}") == "0")
  }

  @Test func enterOnATopTrackOpensItsAlbumAndBackspaceReturns() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = try start(["--user", "nightjar_radio"], cache: cache)
    defer { tmux.kill() }
    _ = try await tmux.waitForScreen("the listener's recent tracks") { screen in
      screen.contains { $0.hasPrefix("> ▶ now playing  ") }
    }
    // The listener's picture in block art at the header's right end, its four rows.
    _ = try await tmux.waitForScreen("the listener's picture") { screen in
      screen.count > 4 && screen.prefix(4).allSatisfy { $0.count == Self.columns && $0.hasSuffix("▀▀▀▀▀▀▀▀") }
    }

    // Tab three times: the top tracks, which Last.fm sends without their albums.
    for _ in 0..<3 { try tmux.sendKeys("Tab") }
    let tracks = try await tmux.waitForScreen("the top tracks") { screen in
      Self.hasHeader(screen, "Top tracks · last 7 days") && screen.contains { $0.hasPrefix(">  1.  ") }
    }
    let firstTrack = try #require(tracks.first { $0.hasPrefix(">  1.  ") })
    let trackName = String(
      firstTrack.dropFirst(">  1.  ".count).prefix { $0 != "—" }.trimmingCharacters(in: .whitespaces))
    #expect(!trackName.isEmpty)

    // Enter: track.getInfo names the album, whose page lists the track.
    try tmux.sendKeys("Enter")
    let albumPage = try await tmux.waitForScreen("the track's album page") { screen in
      screen.contains { $0.contains(" tracks · ") } && screen.contains { $0.contains(trackName) }
        && !Self.hasHeader(screen, "Top tracks · last 7 days")
    }
    #expect(!Self.statusLine(albumPage).contains("showing the artist"), "an album was found")

    // Backspace: the listener's top tracks again.
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the listener's top tracks again") { screen in
      Self.hasHeader(screen, "Top tracks · last 7 days") && screen.first?.hasPrefix("nightjar_radio") == true
    }
  }

  @Test func enterOnAnArtistsTopTrackOpensItsAlbum() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = try start(["--artist", "Joun Parade"], cache: cache)
    defer { tmux.kill() }
    // The name shows before the page's data has arrived, and Tab before it is ignored: wait for the albums.
    _ = try await tmux.waitForScreen("the artist page") { screen in
      screen.first?.hasPrefix("Joun Parade") == true && screen.contains { $0.hasPrefix("    1. ") }
    }
    // Tab: the top tracks; j: the first of them; Enter: its album, whose page lists it.
    try tmux.sendKeys("Tab")
    let isFirstTrack = { (line: String) in line.hasPrefix("    1. ") && line.contains(" listeners") }
    let tracks = try await tmux.waitForScreen("the top tracks") { $0.contains(where: isFirstTrack) }
    let first = try #require(tracks.first(where: isFirstTrack))
    let trackName = try #require(first.dropFirst("    1. ".count).components(separatedBy: "  ").first)
    #expect(!trackName.isEmpty)
    try tmux.sendKeys("j")
    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForScreen("the track's album") { screen in
      screen.first?.hasPrefix("Joun Parade") != true && screen.contains { $0.contains(" tracks · ") }
        && screen.contains { $0.contains(trackName) }
    }
  }

  @Test func uAsksForANameAndAnUnknownOneIsSaidOnTheStatusLine() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = try start([], cache: cache)
    defer { tmux.kill() }
    _ = try await tmux.waitForScreen("the chart") { $0.first?.hasPrefix("Top artists") == true }

    // u, a name that is nobody's, Enter: one line on the page and on the status line.
    try tmux.sendKeys("u")
    _ = try await tmux.waitForScreen("the name prompt") { $0.first?.hasPrefix("Listener: ") == true }
    try tmux.type("ghost_of_nobody")
    try tmux.sendKeys("Enter")
    let unknown = try await tmux.waitForScreen("the unknown user's message") { screen in
      Self.statusLine(screen).contains("the demo catalog has no user \"ghost_of_nobody\"")
    }
    #expect(unknown.filter { $0 == "the demo catalog has no user \"ghost_of_nobody\"; check the spelling" }.count == 1)

    // Backspace, u and a private profile's name: the profile, and the hidden listening said once on the page.
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the chart again") { $0.first?.hasPrefix("Top artists") == true }
    try tmux.sendKeys("u")
    _ = try await tmux.waitForScreen("the name prompt") { $0.first?.hasPrefix("Listener: ") == true }
    try tmux.type("quietlistener")
    try tmux.sendKeys("Enter")
    let hidden = try await tmux.waitForScreen("the private profile") { screen in
      screen.first?.hasPrefix("quietlistener · ") == true
        && Self.statusLine(screen).contains("quietlistener hides their listening")
    }
    #expect(hidden.contains("quietlistener hides their listening on the demo catalog"))
  }

  @Test func aTagsAlbumsOpenWithTabAndEnterAndBackspaceReturns() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = try start(["--tag", "shoegaze"], cache: cache)
    defer { tmux.kill() }
    let artists = try await tmux.waitForScreen("the tag's top artists") { screen in
      screen.first?.hasPrefix("shoegaze · ") == true && screen.contains("[Top artists] Top albums")
        && screen.contains { $0.hasPrefix(">  1.  ") }
    }
    #expect(artists.contains { $0.contains("shoegaze is a tag on the demo catalog") })

    try tmux.sendKeys("Tab")
    let albums = try await tmux.waitForScreen("the tag's top albums") { screen in
      screen.contains("Top artists [Top albums]") && screen.contains { $0.hasPrefix(">  1.  ") && $0.contains(" — ") }
    }
    let firstAlbum = try #require(albums.first { $0.hasPrefix(">  1.  ") })
    let albumName = String(
      firstAlbum.dropFirst(">  1.  ".count).prefix { $0 != "—" }.trimmingCharacters(in: .whitespaces))
    try tmux.sendKeys("Enter")
    _ = try await tmux.waitForScreen("the album page") { screen in
      screen.first?.hasPrefix(albumName) == true && screen.contains { $0.contains(" tracks · ") }
    }
    try tmux.sendKeys("BSpace")
    _ = try await tmux.waitForScreen("the tag's albums again") { $0.contains("Top artists [Top albums]") }
  }
}
