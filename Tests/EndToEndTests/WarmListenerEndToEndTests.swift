import Foundation
import TestSupport
import Testing

/// `imgcache warm --user NAME` / `--tag NAME` as a user runs them: the built binary, the demo catalog, a fresh cache.
@Suite(
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"),
  .timeLimit(.minutes(20)))
struct WarmListenerEndToEndTests {
  let cache = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-warm-user-\(UUID().uuidString)")

  var environment: [String: String] {
    ["IMGCACHE_DIR": cache.path, "LASTFM_API_KEY": "", "LASTFM_API_BASE": "", "NO_COLOR": "1"]
  }

  struct Summary: Decodable {
    var total: Int
    var fetched: Int
    var alreadyFresh: Int
    var failed: Int
  }

  @Test func aListenersTopAlbumsThenATagsAreWarmedAndASecondRunFetchesNothing() async throws {
    defer { try? FileManager.default.removeItem(at: cache) }
    // Given an empty cache; When a listener's top 5 albums of the month are warmed twice, then a tag's 3
    let first = try await ProcessRunner.run(
      "imgcache", ["warm", "--user", "nightjar_radio", "--period", "1month", "--albums", "5", "--json"],
      environment: environment)
    let second = try await ProcessRunner.run(
      "imgcache", ["warm", "--user", "nightjar_radio", "--period", "1month", "--albums", "5", "--json"],
      environment: environment)
    let tag = try await ProcessRunner.run(
      "imgcache", ["warm", "--tag", "shoegaze", "--albums", "3", "--json"], environment: environment)
    // Then five covers came, then none, and the tag's three; stderr names what was planned
    #expect(first.status == 0, "stderr: \(first.stderr)")
    let one = try JSONDecoder().decode(Summary.self, from: Data(first.stdout.utf8))
    let two = try JSONDecoder().decode(Summary.self, from: Data(second.stdout.utf8))
    #expect(one.total == 5 && one.fetched == 5 && one.failed == 0)
    #expect(two.fetched == 0 && two.alreadyFresh == 5)
    #expect(first.stderr.hasPrefix("nightjar_radio's top albums (last month): 5 covers, from the demo catalog"))
    #expect(tag.status == 0, "stderr: \(tag.stderr)")
    #expect(try JSONDecoder().decode(Summary.self, from: Data(tag.stdout.utf8)).total == 3)
  }

  @Test func unknownAndPrivateListenersAreOneLineAndExitOne() async throws {
    defer { try? FileManager.default.removeItem(at: cache) }
    let unknown = try await ProcessRunner.run("imgcache", ["warm", "--user", "ghost"], environment: environment)
    let hidden = try await ProcessRunner.run(
      "imgcache", ["warm", "--user", "quietlistener"], environment: environment)
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "imgcache: the demo catalog has no user \"ghost\"; check the spelling\n")
    #expect(hidden.status == 1)
    #expect(hidden.stderr == "imgcache: quietlistener hides their listening on the demo catalog\n")
  }

  @Test func oneSourceAtATime() async throws {
    defer { try? FileManager.default.removeItem(at: cache) }
    let both = try await ProcessRunner.run(
      "imgcache", ["warm", "--user", "nightjar_radio", "--tag", "pop"], environment: environment)
    #expect(both.status == 1)
    #expect(both.stderr == "imgcache: give one of an artist, --urls, --user or --tag\n")
  }
}
