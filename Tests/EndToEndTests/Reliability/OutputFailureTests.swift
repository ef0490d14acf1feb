import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Output that cannot be written, for every command that prints: into a closed pipe the tools end quietly with
/// 141 (what a shell shows for `git log | head`), into a full disk or a closed stdout with one line on stderr and
/// 74 (EX_IOERR). Never a crash: no signal, no "Fatal error".
@Suite(
  "Output that cannot be written", .serialized, .timeLimit(.minutes(20)),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"),
  .enabled(if: ProcessRunner.isBuilt("artist-browser"), "needs the built artist-browser: run `swift build` first"))
struct OutputFailureTests {
  static let image = TestImages.png(3, side: 32)

  /// What every case shares: no crash, and the status and stderr its kind of failure calls for.
  private func expectHandled(
    _ outcome: UnwritableOutput.Outcome, _ output: UnwritableOutput, program: String,
    allowedNotes: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(!outcome.signalled, "died of signal \(outcome.status)", sourceLocation: sourceLocation)
    #expect(!outcome.stderr.contains("Fatal error"), "\(outcome.stderr)", sourceLocation: sourceLocation)
    let lines = outcome.stderrLines.filter { !allowedNotes.contains($0) }
    switch output {
    case .closedPipe:
      #expect(outcome.status == 141, sourceLocation: sourceLocation)
      #expect(lines == [], "a closed pipe is not worth a word", sourceLocation: sourceLocation)
    case .fullDisk:
      #expect(outcome.status == 74, sourceLocation: sourceLocation)
      #expect(
        lines == [
          "\(program): cannot write to standard output: no space left on device; free some space and run again"
        ],
        sourceLocation: sourceLocation)
    case .closed:
      #expect(outcome.status == 74, sourceLocation: sourceLocation)
      #expect(
        lines == [
          "\(program): cannot write to standard output: bad file descriptor; it is closed, so run with it open or "
            + "redirected"
        ], sourceLocation: sourceLocation)
    }
  }

  static let cacheCommands: [[String]] = [
    ["stats"], ["stats", "--json"], ["ls"], ["ls", "--json"], ["verify"], ["verify", "--json"], ["--help"],
  ]

  @Test(arguments: cacheCommands, UnwritableOutput.allCases)
  func imgcacheCacheCommands(arguments: [String], output: UnwritableOutput) async throws {
    let cache = try ScratchCache()
    defer { cache.remove() }
    let outcome = try await output.run("imgcache", arguments + (arguments == ["--help"] ? [] : cache.arguments))
    expectHandled(outcome, output, program: "imgcache")
  }

  @Test(
    arguments: [["get"], ["get", "--json"], ["show"], ["show", "--graphics", "kitty"]], UnwritableOutput.allCases)
  func imgcacheImageCommands(command: [String], output: UnwritableOutput) async throws {
    let server = try HTTPTestServer { _ in .ok(Self.image) }
    defer { server.stop() }
    let cache = try ScratchCache()
    defer { cache.remove() }
    let arguments = [command[0], server.url("/cover.png").absoluteString] + command.dropFirst() + cache.arguments
    let outcome = try await output.run("imgcache", arguments)
    expectHandled(outcome, output, program: "imgcache")
  }

  @Test(arguments: UnwritableOutput.allCases)
  func imgcacheShowOfAFile(output: UnwritableOutput) async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("show-\(UUID().uuidString).png")
    try Data(Self.image).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    expectHandled(try await output.run("imgcache", ["show", file.path]), output, program: "imgcache")
  }

  @Test(
    arguments: [["--plain", "--limit", "200"], ["--json"], ["--plain", "--search", "a"]], UnwritableOutput.allCases)
  func artistBrowserPrintouts(arguments: [String], output: UnwritableOutput) async throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browser-out-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let outcome = try await output.run(
      "artist-browser", arguments, environment: BrowserProcess.environment(cacheDirectory: cache))
    // The catalog's notice is on stderr whatever happens to stdout.
    #expect(outcome.stderrLines.first == "artist-browser: demo catalog (no LASTFM_API_KEY set)")
    expectHandled(
      outcome, output, program: "artist-browser",
      allowedNotes: ["artist-browser: demo catalog (no LASTFM_API_KEY set)"])
  }
}
