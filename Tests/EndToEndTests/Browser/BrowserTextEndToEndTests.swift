import Foundation
import TestSupport
import Testing

/// `artist-browser --plain / --json` as a user runs them, on the demo catalog served by the binary itself.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"), .timeLimit(.minutes(20)))
struct BrowserTextEndToEndTests {
  @Test func plainWithALimitPrintsThatManyArtistsAndSaysDemoCatalog() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let output = try await BrowserProcess.run(["--plain", "--limit", "5"], cacheDirectory: cache)
    #expect(output.status == 0, "stderr: \(output.stderr)")
    let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "Top artists · sort: rank")
    let rows = Array(lines.dropFirst().filter { !$0.isEmpty })
    #expect(rows.count == 5)
    for (index, row) in rows.enumerated() {
      #expect(row.hasPrefix(String(repeating: " ", count: index < 9 ? 2 : 1) + "\(index + 1). "), "\(row)")
      #expect(row.hasSuffix(" listeners"), "\(row)")
    }
    // Notices about the catalog go to stderr, as with --json: stdout is the view alone.
    #expect(output.stderr == "artist-browser: demo catalog (no LASTFM_API_KEY set)\n")
  }

  @Test func versionIsImgcachesAndTouchesNothing() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let output = try await BrowserProcess.run(["--version"], cacheDirectory: cache)
    #expect(output.status == 0)
    await #expect(output.stdout == (try CLI.run(["--version"]).stdout))
    #expect(output.stdout.split(separator: ".").count == 3, "\(output.stdout)")
    #expect(output.stderr == "")
    #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("cache.sqlite").path))
  }

  @Test func demoFlagIsNamedAsTheReasonEvenWithAKey() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    var environment = BrowserProcess.environment(cacheDirectory: cache)
    environment["LASTFM_API_KEY"] = "not-a-real-key-0000"
    let output = try await ProcessRunner.run(
      BrowserProcess.name, ["--plain", "--demo", "--limit", "1"], environment: environment)
    #expect(output.status == 0)
    #expect(output.stdout.hasPrefix("Top artists · sort: rank\n  1. "))
    #expect(output.stderr == "artist-browser: demo catalog (--demo)\n")
    #expect(!output.stdout.contains("not-a-real-key-0000") && !output.stderr.contains("not-a-real-key-0000"))
  }

  @Test func jsonParsesAndHoldsTheRequestedRows() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let output = try await BrowserProcess.run(["--json", "--limit", "3"], cacheDirectory: cache)
    #expect(output.status == 0, "stderr: \(output.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    let artists = object?["artists"] as? [[String: Any]]
    #expect(artists?.count == 3)
    #expect(artists?.first?["rank"] as? Int == 1)
    #expect(object?["source"] as? String == "demoCatalog")
    #expect(output.stderr == "artist-browser: demo catalog (no LASTFM_API_KEY set)\n")
  }

  @Test func theFirstDemoArtistListsItsAlbums() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let chart = try await BrowserProcess.run(["--plain", "--limit", "1"], cacheDirectory: cache)
    let firstLine = chart.stdout.split(separator: "\n").map(String.init).dropFirst().first ?? ""
    let name = try #require(BrowserProcess.artistName(fromChartLine: firstLine))
    let output = try await BrowserProcess.run(["--plain", "--artist", name], cacheDirectory: cache)
    #expect(output.status == 0, "stderr: \(output.stderr)")
    let lines = output.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == name)
    let albums = lines.drop { $0 != "Top albums:" }.dropFirst().prefix { $0 != "Top tracks:" }
    #expect(albums.count >= 6, "\(lines)")  // the demo catalog gives every artist 6 or more albums
    #expect(albums.first?.hasPrefix("  1. ") == true)
    #expect(albums.allSatisfy { $0.hasSuffix(" plays") || $0.hasSuffix(" play") })
    // Then the artist's top tracks, with plays and listeners.
    let tracks = lines.drop { $0 != "Top tracks:" }.dropFirst()
    #expect(tracks.first?.hasPrefix("  1. ") == true, "\(lines)")
    #expect(tracks.allSatisfy { $0.contains(" plays · ") && $0.hasSuffix(" listeners") }, "\(tracks)")
  }

  @Test func anUnknownArtistFailsWithOneLineAndSuggestions() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let chart = try await BrowserProcess.run(["--plain", "--limit", "1"], cacheDirectory: cache)
    let firstLine = chart.stdout.split(separator: "\n").map(String.init).dropFirst().first ?? ""
    let name = try #require(BrowserProcess.artistName(fromChartLine: firstLine))
    // A piece of a real name is not a name, but searching for it finds the artist: a suggestion.
    let fragment = String(name.prefix(4))
    let output = try await BrowserProcess.run(["--plain", "--artist", fragment], cacheDirectory: cache)
    #expect(output.status == 1)
    #expect(output.stdout == "")
    let errorLines = output.stderr.split(separator: "\n")
    #expect(errorLines.count == 2)
    #expect(errorLines.first == "artist-browser: demo catalog (no LASTFM_API_KEY set)")
    #expect(errorLines.last?.hasPrefix("artist-browser: Not found: “\(fragment)”. Did you mean: ") == true)
    #expect(output.stderr.contains(name))
  }

  @Test func aUsageErrorIsOneLineAndNotExitZero() async throws {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let output = try await BrowserProcess.run(["--plain", "--json"], cacheDirectory: cache)
    #expect(output.status != 0)
    #expect(output.stderr.contains("--plain and --json exclude each other"))
  }
}
