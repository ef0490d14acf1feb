import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Text the browser did not write itself, shown in a real terminal (tmux) and read back from tmux's own screen:
/// names from a hostile catalog (bidi controls, format characters, emoji sequences, a tower of accents), and a
/// 100 KB paste into the search prompt.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct BrowserHostileTextTmuxTests {
  /// Names as a catalog might send them, each with what must be left of it on screen.
  static let names: [String] = [
    "Plain Name",
    "👨\u{200D}👩\u{200D}👧\u{200D}👦 Family",
    "🇫🇷🇩 Flags",
    "👍🏽 Thumbs",
    "1\u{FE0F}\u{20E3} Keycap",
    "❤\u{FE0F} Heart",
    "🏳\u{FE0F}\u{200D}🌈 Rainbow",
    "👩🏻\u{200D}❤\u{FE0F}\u{200D}💋\u{200D}👨🏼 Kiss",
    "\u{202E}desrever\u{202C} Bidi \u{2066}isolated\u{2069}\u{200F}",
    "\u{FEFF}Byte\u{200B}order\u{2028}mark\u{AD}\u{E0041}",
    "Z" + String(repeating: "\u{301}", count: 1_000) + " Tower",
    "漢字 Kanji",
  ]

  /// A Last.fm stand-in that answers the chart with `names` and everything else with "not found".
  static func hostileCatalog() throws -> HTTPTestServer {
    let chart = LastFMAnswers.chart(names.map { ($0, 1_234_567) })
    return try HTTPTestServer { request in
      request.query("method") == "chart.getTopArtists" ? .ok(Array(chart.utf8)) : .status(404)
    }
  }

  /// Scalars that must never reach the screen: format characters (but a joiner inside an emoji sequence) and the
  /// line and paragraph separators.
  static func invisible(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      switch scalar.properties.generalCategory {
      case .format: scalar != "\u{200D}"
      case .lineSeparator, .paragraphSeparator: true
      default: false
      }
    }
  }

  /// The longest run of combining marks in `text`.
  static func longestMarkRun(in text: String) -> Int {
    var longest = 0
    var run = 0
    for scalar in text.unicodeScalars {
      let isMark = [.nonspacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
      run = isMark ? run + 1 : 0
      longest = max(longest, run)
    }
    return longest
  }

  @Test func hostileNamesKeepTheirColumnsAndLeaveNothingInvisibleOnScreen() async throws {
    let server = try Self.hostileCatalog()
    defer { server.stop() }
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = TmuxSession()
    defer { tmux.kill() }
    // 99 columns: the one-column list, without the preview pane.
    try tmux.start(
      BrowserProcess.shellCommand(
        cacheDirectory: cache, arguments: ["--api-base", server.url("/2.0/").absoluteString], term: "xterm-256color",
        after: "echo BROWSER-EXITED; sleep 600"),
      columns: 99, rows: 30)
    let screen = try await tmux.waitForScreen("the hostile chart") { screen in
      screen.contains { $0.contains("Plain Name") } && screen.contains { $0.contains("Kanji") }
    }
    let text = screen.joined(separator: "\n")

    // Nothing invisible reached tmux's cells; the joiners that did are inside emoji sequences.
    #expect(Self.invisible(in: text).isEmpty, "on screen: \(Self.invisible(in: text).map { $0.value })")
    #expect(text.contains("👨\u{200D}👩\u{200D}👧\u{200D}") && text.contains("🏳\u{FE0F}\u{200D}🌈"))
    #expect(text.contains("desrever Bidi isolated"))
    #expect(text.contains("Byteorder mark"))  // U+2028 is white space to the scenes: one space
    // The tower kept a few of its accents.
    #expect(Self.longestMarkRun(in: text) <= 4)
    #expect(text.contains("Z\u{301}\u{301}\u{301}\u{301} Tower"))

    // The column after every name starts where tmux has it for the plain one: each row's "listeners" is in the same
    // cell of tmux's grid.
    let cells = try tmux.cellsAfter("listeners")
    #expect(cells.count == Self.names.count, "\(cells) on\n\(text)")
    let columns = Set(cells.map(\.column))
    #expect(columns.count == 1, "listeners at columns \(cells.map(\.column)) on\n\(text)")

    try tmux.sendKeys("q")
    _ = try await tmux.waitForScreen("the browser to exit") { $0.contains("BROWSER-EXITED") }
  }

  @Test func plainOutputIsSanitisedAndJSONKeepsTheNamesAsGiven() async throws {
    let server = try Self.hostileCatalog()
    defer { server.stop() }
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let base = ["--api-base", server.url("/2.0/").absoluteString]

    let plain = try await BrowserProcess.run(base + ["--plain"], cacheDirectory: cache)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stdout.contains("desrever Bidi isolated"))
    #expect(Self.invisible(in: plain.stdout).isEmpty)
    #expect(Self.longestMarkRun(in: plain.stdout) <= 4)

    let json = try await BrowserProcess.run(base + ["--json"], cacheDirectory: cache)
    #expect(json.status == 0, "\(json.stderr)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let artists = try #require(root["artists"] as? [[String: Any]])
    // As given, format characters and all (only controls go).
    let names = artists.compactMap { $0["name"] as? String }
    #expect(names.contains("\u{202E}desrever\u{202C} Bidi \u{2066}isolated\u{2069}\u{200F}"))
    #expect(names.contains { $0.contains("Byte\u{200B}order") })
    #expect(names.contains(Self.names[1]))
  }

  @Test func aHundredKilobytePasteLeavesThePromptResponsive() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let sttyFile = cache.appendingPathComponent("stty.txt")
    let pasteFile = cache.appendingPathComponent("paste.txt")
    // 100 KB on one line (a newline would be Enter), characters of one, two and three bytes and an emoji.
    let unit = "Sigur Rós 東京 🎸 "
    let paste = String(repeating: unit, count: 100_000 / unit.utf8.count + 1)
    try Data(paste.utf8.prefix(100_000)).write(to: pasteFile)
    let tmux = TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      BrowserProcess.shellCommand(
        cacheDirectory: cache, term: "xterm-256color",
        after: "echo \"STATUS=$?\"; stty -a > \(BrowserProcess.quoted(sttyFile.path)); echo BROWSER-EXITED; sleep 600"),
      columns: 80, rows: 24)
    _ = try await tmux.waitForScreen("the chart") { $0.first?.hasPrefix("Top artists") == true }
    try tmux.sendKeys("/")
    _ = try await tmux.waitForScreen("the search field") { $0.first?.hasPrefix("Search: ") == true }

    // The paste: the field shows the end of what it kept (its first 256 characters), and the cursor after it.
    try tmux.paste(file: pasteFile)
    let kept = String(String.UnicodeScalarView(paste.unicodeScalars.prefix(256)))
    let tail = String(kept.split(separator: " ").last ?? "")
    let field = try await tmux.waitForScreen("the pasted query") { screen in
      screen.first?.hasPrefix("Search: …") == true && screen.first?.hasSuffix("\(tail)▏") == true
    }
    #expect(field.first?.contains("Sigur Rós 東京 🎸") == true)

    // Esc leaves the prompt, q the browser, well within the deadline, and the terminal is as it was.
    try tmux.sendKeys("Escape")
    _ = try await tmux.waitForScreen("the chart again") {
      $0.first?.hasPrefix("Top artists") == true
    }
    try tmux.sendKeys("q")
    let final = try await tmux.waitForScreen("the browser to exit") {
      $0.contains("BROWSER-EXITED")
    }
    #expect(final.contains("STATUS=0"))
    #expect(try tmux.format("#{alternate_on}") == "0")
    let settings = try String(contentsOf: sttyFile, encoding: .utf8).split(whereSeparator: \.isWhitespace)
    #expect(settings.contains("icanon") && settings.contains("echo"))
  }
}
