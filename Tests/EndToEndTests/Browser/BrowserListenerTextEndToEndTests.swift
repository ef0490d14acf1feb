import Foundation
import TestSupport
import Testing

/// `artist-browser --user / --tag` printed (`--plain`), on the demo catalog served by the binary itself: the
/// listener and tag pages as text, and errors 6 and 17 as one line and a non-zero exit.
@Suite(
  .enabled(if: BrowserProcess.isBuilt, "needs the built binary: run `swift build` first"), .timeLimit(.minutes(20)))
struct BrowserListenerTextEndToEndTests {
  private func run(_ arguments: [String]) async throws -> ProcessRunner.Output {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    return try await BrowserProcess.run(arguments, cacheDirectory: cache)
  }

  @Test func aListenersPageHasTheProfileThePlayingTrackOnTopAndEveryList() async throws {
    let output = try await run(["--user", "nightjar_radio", "--plain", "--limit", "4", "--period", "1month"])
    #expect(output.status == 0, "stderr: \(output.stderr)")
    let lines = output.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("nightjar_radio · Mara Quell · ") == true, "\(lines)")
    #expect(lines.first?.hasSuffix(" · since 3 Jan 2012 · Portugal") == true, "\(lines)")
    // Each list under its title, four rows each, the charts for the period asked.
    let titles = [
      "Recent tracks:", "Top artists · last month:", "Top albums · last month:", "Top tracks · last month:",
      "Loved tracks:",
    ]
    #expect(lines.count == 1 + 5 * 5, "\(lines)")
    #expect(titles.map { lines.firstIndex(of: $0) } == [1, 6, 11, 16, 21], "\(lines)")
    #expect(lines[2].hasPrefix("▶ now playing  "), "\(lines)")
    // The other rows say when: minutes or hours ago within the day, a date after.
    let when = #/^(\d+ min ago|\d+ h ago|just now|\d{1,2} [A-Z][a-z]{2} \d{4}) +\S.* — \S/#
    for row in lines[3...5] + lines[22...25] { #expect(row.firstMatch(of: when) != nil, "\(row)") }
    // The charts lead with the rank and end with the plays.
    for row in lines[7...10] + lines[12...15] + lines[17...20] {
      #expect(row.firstMatch(of: #/^\d+\. +\S.*  \d[\d.K]* plays?$/#) != nil, "\(row)")
    }
    #expect(output.stderr == "artist-browser: demo catalog (no LASTFM_API_KEY set)\n")
  }

  @Test func withThumbnailsThePageIsDrawnAsOnScreen() async throws {
    // `--plain --thumbs` draws the page (its shown list, recent tracks) rather than listing every list.
    let output = try await run(["--user", "nightjar_radio", "--plain", "--thumbs", "--limit", "3"])
    #expect(output.status == 0, "stderr: \(output.stderr)")
    #expect(output.stdout.contains("▶ now playing"), "\(output.stdout)")
    #expect(!output.stdout.contains("Loading…") && !output.stdout.contains("Loved tracks:"), "\(output.stdout)")
  }

  @Test func aTagsPageListsItsArtistsThenItsAlbums() async throws {
    let output = try await run(["--tag", "dream pop", "--plain", "--limit", "2"])
    #expect(output.status == 0, "stderr: \(output.stderr)")
    let lines = output.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("dream pop · ") == true, "\(lines)")
    let artists = try #require(lines.firstIndex(of: "Top artists:"))
    let albums = try #require(lines.firstIndex(of: "Top albums:"))
    #expect(albums == artists + 3, "\(lines)")
    #expect(lines[artists + 1].hasPrefix("1.  ") && lines[albums + 1].hasPrefix("1.  "), "\(lines)")
    #expect(lines[albums + 1].contains(" — "), "an album names its artist: \(lines)")
  }

  @Test func anUnknownUserIsOneLineAndExitOne() async throws {
    let output = try await run(["--user", "nobody_at_all", "--plain"])
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(
      output.stderr == "artist-browser: demo catalog (no LASTFM_API_KEY set)\n"
        + "artist-browser: the demo catalog has no user \"nobody_at_all\"; check the spelling\n")
  }

  @Test func aPrivateProfileIsOneLineAndExitOne() async throws {
    let output = try await run(["--user", "quietlistener", "--plain"])
    #expect(output.status == 1)
    #expect(output.stdout == "")
    #expect(
      output.stderr == "artist-browser: demo catalog (no LASTFM_API_KEY set)\n"
        + "artist-browser: quietlistener hides their listening on the demo catalog\n")
  }

  @Test func aBadPeriodOrTwoPagesAreRefusedWithOneLine() async throws {
    let period = try await run(["--user", "nightjar_radio", "--period", "fortnight", "--plain"])
    #expect(period.status != 0)
    #expect(
      period.stderr.contains("--period takes 7day, 1month, 3month, 6month, 12month or overall"), "\(period.stderr)")
    let both = try await run(["--user", "nightjar_radio", "--tag", "pop", "--plain"])
    #expect(both.status != 0)
    #expect(both.stderr.contains("give at most one"), "\(both.stderr)")
  }
}
