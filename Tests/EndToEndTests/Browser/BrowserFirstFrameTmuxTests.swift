import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

/// `--exit-after-first-frame` against a Last.fm and cover server the test controls: the process ends on the first
/// frame whose every picture is drawn, however late the covers come; a cover that cannot be loaded shows its mark
/// and ends the process with status 1; a frame still incomplete at the deadline ends it with status 1 and one line
/// naming what it lacked.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"),
  .enabled(if: TmuxSession.executable != nil, "needs tmux"), .timeLimit(.minutes(20)))
struct BrowserFirstFrameTmuxTests {
  /// Wide enough for the preview pane; the five rows of 3-line thumbnails fit.
  static let columns = 120
  static let rows = 24
  static let artists = (1...5).map { "Artist \($0)" }

  @Test func waitsForCoversThatArriveLate() async throws {
    let covers = CoverGate()
    let run = try FirstFrameRun(covers: { _ in covers.held(.ok(noisyPNG(1, side: 64))) }, deadline: 600)
    defer { run.end() }
    defer { covers.release() }
    // The chart is drawn with its covers asked for and none answered: the frame is not complete yet.
    _ = try await run.tmux.waitForScreen("the chart with its placeholders") { screen in
      screen.filter { $0.contains("······") }.count == Self.artists.count
    }
    try await waitUntil("a request for each cover") { run.coverRequests >= Self.artists.count }
    #expect(!run.hasExited, "the browser ended on a frame of placeholders")
    covers.release()
    let screen = try await run.waitForExit()
    #expect(run.status == "0\n", "stderr: \(run.standardError)")
    #expect(
      !screen.contains { $0.contains("······") }, "a placeholder is still on screen:\n\(screen.joined(separator: "\n"))"
    )
    #expect(!screen.contains { $0.contains("loading picture") }, "the preview is still loading")
    #expect(screen.filter { $0.hasPrefix("  ▀▀▀▀▀▀") || $0.hasPrefix("> ▀▀▀▀▀▀") }.count == 3 * Self.artists.count)
  }

  @Test func aFrameStillIncompleteAtTheDeadlineEndsWithStatusOneAndSaysWhatItLacked() async throws {
    // The covers are never answered while the browser runs (released once it has ended, before the server stops).
    // The deadline leaves a loaded machine the time to draw the chart and ask for its covers.
    let covers = CoverGate()
    let run = try FirstFrameRun(covers: { _ in covers.held(.status(404)) }, deadline: 30)
    defer { run.end() }
    defer { covers.release() }
    _ = try await run.waitForExit()
    #expect(run.status == "1\n")
    let prefix = "artist-browser: --exit-after-first-frame: no complete frame within 30 s; still awaited: "
    #expect(run.standardError.hasPrefix(prefix), "\(run.standardError)")
    #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
    #expect(run.standardError.contains("5 thumbnails"), "\(run.standardError)")
    #expect(run.standardError.contains("1 large picture"), "\(run.standardError)")
  }

  @Test func coversThatCannotBeLoadedShowTheirMarkAndEndWithStatusOne() async throws {
    let run = try FirstFrameRun(covers: { _ in .status(404) }, deadline: 600)
    defer { run.end() }
    let screen = try await run.waitForExit()
    #expect(run.status == "1\n")
    #expect(
      run.standardError
        == "artist-browser: --exit-after-first-frame: the first complete frame shows 5 thumbnails and 1 large "
        + "picture that could not be loaded\n")
    // Each row's slot shows the failure mark, never the dots of a cover still loading, and the pane says so.
    #expect(!screen.contains { $0.contains("······") }, "\(screen.joined(separator: "\n"))")
    #expect(screen.filter { $0.hasPrefix("    ×  ") || $0.hasPrefix(">   ×  ") }.count == Self.artists.count)
    #expect(screen.contains { $0.contains("no picture") })
  }
}

/// The covers' answers, held until `release()` (or ten minutes, a safety net for a test that threw first).
private final class CoverGate: Sendable {
  private let released = DispatchGroup()

  init() { released.enter() }

  /// On the server's connection thread: waits for the release, then answers `reply`.
  func held(_ reply: HTTPTestServer.Reply) -> HTTPTestServer.Reply {
    _ = released.wait(timeout: .now() + .seconds(600))
    return reply
  }

  private let isReleased = Mutex(false)

  func release() {
    let first = isReleased.withLock { released in
      defer { released = true }
      return !released
    }
    if first { released.leave() }
  }
}

/// One `artist-browser --thumbs --exit-after-first-frame` in tmux, on a local server with `FirstFrameTmuxTests`'
/// chart: each artist's picture is its one album's cover, at `/covers/<n>.png`, answered by `covers`.
private struct FirstFrameRun {
  let server: HTTPTestServer
  let tmux = TmuxSession()
  let cache: URL

  /// `deadline`: `--first-frame-deadline`, in seconds.
  init(covers: @escaping HTTPTestServer.Handler, deadline: Int) throws {
    server = try HTTPTestServer { request in
      if request.path.hasPrefix("/covers/") { return covers(request) }
      let host = request.header("host") ?? ""
      switch request.query("method")?.lowercased() {
      case "chart.gettopartists":
        return .text(
          LastFMAnswers.chart(BrowserFirstFrameTmuxTests.artists.map { ($0, 1000) }), contentType: "application/json")
      case "artist.gettopalbums":
        let artist = request.query("artist") ?? ""
        let number = BrowserFirstFrameTmuxTests.artists.firstIndex(of: artist).map { $0 + 1 } ?? 0
        // The covers' fake host, as the JSON writes it (slashes escaped), becomes this server.
        let answer = LastFMAnswers.topAlbums(artist, [("Album", "cover\(number)")])
          .replacingOccurrences(of: #"https:\/\/img.test\/i\/u\/"#, with: #"http:\/\/"# + host + #"\/covers\/"#)
        return .text(answer, contentType: "application/json")
      case "artist.getinfo":
        return .text(LastFMAnswers.artistInfo(request.query("artist") ?? ""), contentType: "application/json")
      default:
        return .status(404)
      }
    }
    cache = try BrowserProcess.temporaryDirectory()
    var variables = BrowserProcess.environment(cacheDirectory: cache)
    variables["LASTFM_API_BASE"] = server.url("/2.0/").absoluteString
    variables["TERM"] = "xterm-256color"
    let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(BrowserProcess.quoted($0.value))" }
    let status = BrowserProcess.quoted(statusFile.path)
    // tmux's alternate screen is off, so the last frame stays in the pane after the exit and can be read back;
    // the status goes to a file (echoed, it would land on the frame where the browser left the cursor). The pane's
    // title, set after the exit through the same terminal, says tmux has drawn everything the browser wrote: the
    // status file alone can appear first on a loaded machine. Held covers must not time out meanwhile.
    try tmux.start(
      "tmux set-option -w alternate-screen off; env \(assignments.joined(separator: " ")) "
        + "\(BrowserProcess.quoted(BrowserProcess.binary.path)) --thumbs --exit-after-first-frame"
        + " --first-frame-deadline \(deadline) --stall-timeout 600 --transfer-timeout 600"
        + " 2> \(BrowserProcess.quoted(errorFile.path)); echo $? > \(status).new; mv \(status).new \(status)"
        + "; printf '\\033]2;\(TmuxSession.exitedTitle)\\033\\\\'; sleep 600",
      columns: BrowserFirstFrameTmuxTests.columns, rows: BrowserFirstFrameTmuxTests.rows)
  }

  private var statusFile: URL { cache.appendingPathComponent("status.txt") }
  private var errorFile: URL { cache.appendingPathComponent("stderr.txt") }

  /// The browser has ended (status written), not necessarily drawn yet: see `waitForExit`.
  var hasExited: Bool { FileManager.default.fileExists(atPath: statusFile.path) }
  var status: String? { try? String(contentsOf: statusFile, encoding: .utf8) }
  var standardError: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }
  var coverRequests: Int { server.requests.count { $0.path.hasPrefix("/covers/") } }

  /// The screen once the browser has ended by itself and tmux has drawn all it wrote.
  func waitForExit() async throws -> [String] {
    try await tmux.waitForExit()
  }

  func end() {
    tmux.kill()
    server.stop()
    try? FileManager.default.removeItem(at: cache)
  }
}
