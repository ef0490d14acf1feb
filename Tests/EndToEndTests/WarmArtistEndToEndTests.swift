import Foundation
import TestSupport
import Testing

/// `imgcache warm "<demo artist>"` as a user runs it: the built binary, the embedded demo catalog, a fresh cache.
@Suite(
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"),
  .timeLimit(.minutes(20)))
struct WarmArtistEndToEndTests {
  let cache = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-warm-\(UUID().uuidString)")

  var environment: [String: String] {
    ["IMGCACHE_DIR": cache.path, "LASTFM_API_KEY": "", "LASTFM_API_BASE": "", "NO_COLOR": "1"]
  }

  struct Summary: Decodable {
    var total: Int
    var fetched: Int
    var alreadyFresh: Int
    var failed: Int
    var bytesDownloaded: Int
  }

  struct Stats: Decodable { var entries: Int }

  @Test func warmsTheDemoArtistsCoversAndASecondRunDownloadsNothing() async throws {
    // Given an empty cache and no Last.fm key (so the demo catalog answers)
    let artist = "ezra sandkeakjind"  // the demo chart's first artist, in the wrong case on purpose

    // When the artist is warmed twice
    let first = try await ProcessRunner.run(
      "imgcache", ["warm", artist, "--similar", "1", "--json"], environment: environment)
    let second = try await ProcessRunner.run(
      "imgcache", ["warm", artist, "--similar", "1", "--json"], environment: environment)
    let stats = try await ProcessRunner.run("imgcache", ["stats", "--json"], environment: environment)
    let verify = try await ProcessRunner.run("imgcache", ["verify"], environment: environment)

    // Then the first run fetched every cover, the second none, and the cache holds them all, intact
    #expect(first.status == 0, "stderr: \(first.stderr)")
    let one = try JSONDecoder().decode(Summary.self, from: Data(first.stdout.utf8))
    let two = try JSONDecoder().decode(Summary.self, from: Data(second.stdout.utf8))
    #expect(one.total >= 12)  // ≥ 6 albums for the artist and for its most similar artist
    #expect(one.fetched == one.total)
    #expect(one.failed == 0)
    #expect(one.bytesDownloaded > 0)
    #expect(two.fetched == 0)
    #expect(two.alreadyFresh == one.total)
    #expect(two.bytesDownloaded == 0)
    #expect(try JSONDecoder().decode(Stats.self, from: Data(stats.stdout.utf8)).entries == one.total)
    #expect(verify.status == 0, "\(verify.stdout)")
    #expect(first.stderr.contains("demo catalog"))
  }

  @Test func anUnknownArtistIsOneLineWithSuggestions() async throws {
    let result = try await ProcessRunner.run("imgcache", ["warm", "Ezra Sandke"], environment: environment)

    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(result.stderr.contains("Ezra Sandkeakjind"))
  }
}
