import Foundation
import TestSupport
import Testing

/// One executable, two names: `artist-browser` (a symbolic link to `imgcache`) runs the browser, `imgcache browse`
/// is the same command, and each name keeps its own help, exit codes and version line.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"), .timeLimit(.minutes(20)))
struct ProgramNamesEndToEndTests {
  @Test func artistBrowserIsALinkToImgcache() throws {
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: BrowserProcess.binary.path)
    #expect(link == "imgcache")
  }

  @Test func eachNameHasItsOwnHelp() async throws {
    let browser = try await ProcessRunner.run("artist-browser", ["--help"])
    let imgcache = try await ProcessRunner.run("imgcache", ["--help"])
    let browse = try await ProcessRunner.run("imgcache", ["browse", "--help"])
    #expect(browser.status == 0 && imgcache.status == 0 && browse.status == 0)
    #expect(browser.stdout.contains("USAGE: artist-browser "), "\(browser.stdout)")
    #expect(!browser.stdout.contains("SUBCOMMANDS"))
    #expect(imgcache.stdout.contains("USAGE: imgcache <subcommand>"), "\(imgcache.stdout)")
    #expect(imgcache.stdout.contains("  browse "), "\(imgcache.stdout)")
    #expect(browse.stdout.contains("USAGE: imgcache browse "), "\(browse.stdout)")
    // The same options under both names.
    let options = { (help: String) in
      Set(help.split(separator: "\n").compactMap { $0.split(separator: " ").first }.filter { $0.hasPrefix("--") })
    }
    #expect(options(browser.stdout) == options(browse.stdout))
    #expect(options(browser.stdout).isSuperset(of: ["--cache-dir", "--max-disk", "--shared-cache", "--api-key"]))
  }

  @Test func theVersionLineIsTheSameUnderEveryNameAndNamesTheCommit() async throws {
    let imgcache = try await ProcessRunner.run("imgcache", ["--version"])
    let browser = try await ProcessRunner.run("artist-browser", ["--version"])
    #expect(imgcache.status == 0 && browser.status == 0)
    #expect(imgcache.stdout == browser.stdout)
    let line = imgcache.stdout.trimmingCharacters(in: .newlines)
    #expect(line.wholeMatch(of: /\d+\.\d+\.\d+ \(commit ([0-9a-f]{7,40}(-dirty)?|unknown)\)/) != nil, "\(line)")
  }

  @Test func browseAndArtistBrowserPrintTheSameView() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = BrowserProcess.environment(cacheDirectory: cache)
    let browser = try await ProcessRunner.run("artist-browser", ["--plain", "--limit", "3"], environment: environment)
    let browse = try await ProcessRunner.run(
      "imgcache", ["browse", "--plain", "--limit", "3"], environment: environment)
    #expect(browser.status == 0, "\(browser.stderr)")
    #expect(browse.status == 0, "\(browse.stderr)")
    #expect(browser.stdout == browse.stdout)
    #expect(browser.stdout.hasPrefix("Top artists"))
    // The catalog's notice goes to stderr, after each name.
    #expect(browser.stderr.contains("artist-browser: demo catalog (no LASTFM_API_KEY set)"), "\(browser.stderr)")
    #expect(browse.stderr.contains("imgcache browse: demo catalog (no LASTFM_API_KEY set)"), "\(browse.stderr)")
  }

  @Test func aUsageErrorExitsWith64UnderBothNamesAndNamesTheOption() async throws {
    let browser = try await ProcessRunner.run("artist-browser", ["--plain", "--limit", "0"])
    let browse = try await ProcessRunner.run("imgcache", ["browse", "--plain", "--limit", "0"])
    #expect(browser.status == 64 && browse.status == 64)
    #expect(browser.stderr.contains("--limit must be at least 1"))
    #expect(browse.stderr.contains("--limit must be at least 1"))
    #expect(browser.stderr.contains("artist-browser") && browse.stderr.contains("imgcache browse"))
  }
}
