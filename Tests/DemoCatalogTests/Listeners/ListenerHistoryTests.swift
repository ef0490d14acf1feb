import Foundation
import Testing

@testable import DemoCatalog

/// The demo histories in absolute time: what was served once is served the same later, new scrobbles come on top,
/// the playing track moves on with the clock, and each listener stays in the state the browser shows for them.
@Suite struct ListenerHistoryTests {
  /// 2026-12-04 08:17:05 UTC.
  let now = 1_796_372_225

  @Test func aWindowServedOnceIsServedTheSameLater() throws {
    let query = "method=user.getrecenttracks&user=archive_owl&limit=200&from=\(now - 5 * 86_400)&to=\(now)"
    let early = ListenerAsker(now: now + 1).body(query)
    for later in [now + 600, now + 86_400, now + 40 * 86_400] {
      #expect(ListenerAsker(now: later).body(query) == early, "at \(later)")
    }
    let page = try RecentTracksPage(early)
    #expect(page.total > 100, "five days of archive_owl")
  }

  @Test func newScrobblesComeOnTopAndThePlaycountFollows() throws {
    let (before, after) = (ListenerAsker(now: now), ListenerAsker(now: now + 6 * 3600))
    let old = try before.recent("archive_owl", "&limit=200")
    let new = try after.recent("archive_owl", "&limit=200&page=1")
    let added = new.total - old.total
    #expect(added >= 0)
    let shifted = try after.recent("archive_owl", "&limit=200&to=\(now)")
    #expect(shifted.scrobbles == old.scrobbles, "the scrobbles shown before, under the new ones")
    #expect(new.scrobbles.prefix(added).allSatisfy { $0.time! > old.scrobbles[0].time! - 1 })
    for (asker, page) in [(before, old), (after, new)] {
      #expect(asker.body("method=user.getinfo&user=archive_owl").contains(#""playcount":"\#(page.total)""#))
    }
  }

  @Test func theLongListenerHasAQuarterMillionScrobblesOverFifteenYears() throws {
    let asker = ListenerAsker(now: now)
    let newest = try asker.recent("archive_owl", "&limit=200")
    #expect(newest.total >= 250_000)
    let oldest = try asker.recent("archive_owl", "&limit=200&page=\(newest.totalPages)")
    let first = try #require(oldest.scrobbles.last?.time)
    #expect(now - first >= 15 * 365 * 86_400, "scrobbling since \(DemoDates.listingText(first))")
    #expect(oldest.scrobbles.count == newest.total - (newest.totalPages - 1) * 200, "the last page holds the rest")

    // Two plays of one second, both served, side by side.
    let history = sharedCatalog.history(of: try #require(DemoListener.named("archive_owl")))
    let plays = history.plays(ordinals: 0..<history.scrobbleCount(at: now))
    let pairs = zip(plays, plays.dropFirst()).filter { $0.time == $1.time }
    #expect(pairs.count >= 20, "\(pairs.count) plays share their second with the one before")
    let pair = try #require(pairs.last)
    let window = try asker.recent("archive_owl", "&from=\(pair.0.time)&to=\(pair.0.time)")
    #expect(window.total == 2 && window.scrobbles.map(\.time) == [pair.0.time, pair.0.time])
  }

  @Test func thePlayingTrackBecomesTheNewestScrobbleWhenItEnds() throws {
    let history = sharedCatalog.history(of: try #require(DemoListener.named("nightjar_radio")))
    let playing = try #require(history.nowPlaying(at: now), "nightjar_radio plays at the test's clock")
    let catalogTrack = sharedCatalog.artist(at: playing.artist).albums[playing.album].tracks[playing.track]

    let during = try ListenerAsker(now: playing.end - 1).recent("nightjar_radio", "&limit=5")
    #expect(
      during.rows.first == .init(name: catalogTrack.name, artist: during.rows[0].artist, time: nil, isNowPlaying: true))
    #expect(during.scrobbles.first?.time != playing.time)

    let after = try ListenerAsker(now: playing.end).recent("nightjar_radio", "&limit=5")
    #expect(after.scrobbles.first?.time == playing.time, "stamped with its start, as Last.fm does")
    #expect(after.scrobbles.first?.name == catalogTrack.name)
    #expect(after.total == during.total + 1)
    #expect(
      after.rows.first?.isNowPlaying != true || after.rows.first?.name != during.rows.first?.name
        || after.rows.first?.artist != during.rows.first?.artist)
  }

  @Test func nightjarIsNearlyAlwaysPlayingAndMovesOn() throws {
    let history = sharedCatalog.history(of: try #require(DemoListener.named("nightjar_radio")))
    // Every minute of two days.
    let playing = stride(from: now, to: now + 2 * 86_400, by: 60).map { history.nowPlaying(at: $0) }
    let share = Double(playing.compactMap { $0 }.count) / Double(playing.count)
    #expect(share > 0.99, "playing \(Int(share * 100)) % of the time")
    let tracks = Set(playing.compactMap { $0?.time })
    #expect(tracks.count > 2 * 86_400 / 420, "a new track at least every seven minutes on average")
  }

  @Test func velvetmothsNewestScrobbleIsAlwaysOverAnHourAndUnderADayOld() throws {
    let velvetmoth = try #require(DemoListener.named("velvetmoth"))
    let history = sharedCatalog.history(of: velvetmoth)
    for clock in stride(from: now, to: now + 4 * 86_400, by: 1_337) {
      let shown = history.scrobbleCount(at: clock)
      let newest = try #require(history.plays(ordinals: shown - 1..<shown).first)
      #expect(clock - newest.time > 3600 && clock - newest.time < 86_400, "at \(DemoDates.listingText(clock))")
      #expect(history.nowPlaying(at: clock) == nil)
    }
    let page = try ListenerAsker(now: now).recent("velvetmoth", "&limit=1")
    #expect(page.rows.count == 1 && !page.rows[0].isNowPlaying)
  }

  @Test func fieldrecorderHasNotListenedForDays() throws {
    let page = try ListenerAsker(now: now).recent("fieldrecorder", "&limit=3")
    let newest = try #require(page.scrobbles.first?.time)
    #expect(newest < 20_777 * 86_400, "nothing after 19 Nov 2026")
    #expect(now - newest > 3 * 86_400)
    #expect(!page.rows.contains { $0.isNowPlaying })
    let later = try ListenerAsker(now: now + 30 * 86_400).recent("fieldrecorder", "&limit=3")
    #expect(later.total == page.total, "and nothing since")
  }

  @Test func extendedAnswersHaveLastFMsShape() throws {
    let page = try ListenerAsker(now: now).recent("nightjar_radio", "&limit=1&extended=1")
    #expect(page.rows.count == 2 && page.rows[0].isNowPlaying)
    #expect(KeyPaths.of(["recenttracks": page.json]) == (try KeyPaths.ofFixture("docs.user.getRecentTracks.ok1.json")))
    let plain = try ListenerAsker(now: now).recent("archive_owl", "&limit=1")
    #expect(KeyPaths.of(["recenttracks": plain.json]) == (try KeyPaths.ofFixture("docs.user.getRecentTracks.ok0.json")))
    let tracks = try #require(page.json["track"] as? [[String: Any]])
    #expect(tracks.allSatisfy { ["0", "1"].contains($0["loved"] as? String) })
  }

  @Test func lovedTracksAreLovedInTheRecentTracksAndChartsCountTheSameScrobbles() throws {
    let asker = ListenerAsker(now: now)
    let loved = asker.body("method=user.getlovedtracks&user=archive_owl&limit=5")
    #expect(loved.contains(#""total":""#))
    let recent = try asker.recent("archive_owl", "&limit=200&extended=1")
    let tracks = try #require(recent.json["track"] as? [[String: Any]])
    #expect(tracks.contains { $0["loved"] as? String == "1" }, "a listener of 45 tracks a day loves some of them")
    let artists = try #require(
      try JSONSerialization.jsonObject(
        with: Data(asker.body("method=user.gettopartists&user=archive_owl&period=overall&limit=1000").utf8))
        as? [String: Any])
    let list = try #require(artists["topartists"] as? [String: Any])
    let counts = try #require(list["artist"] as? [[String: Any]]).compactMap {
      ($0["playcount"] as? String).flatMap(Int.init)
    }
    #expect(counts.reduce(0, +) == recent.total, "overall counts every scrobble")
  }
}
