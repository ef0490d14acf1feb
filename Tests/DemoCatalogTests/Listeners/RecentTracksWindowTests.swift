import Foundation
import Testing

@testable import DemoCatalog

/// `user.getRecentTracks` with `from`, `to`, `page` and `limit`, as Last.fm answers them: walked page by page a
/// window gives each of its scrobbles once, newest first, and `total` says how many.
@Suite struct RecentTracksWindowTests {
  /// 2026-12-04 08:17:05 UTC.
  let asker = ListenerAsker(now: 1_796_372_225)

  @Test func walkingAWindowGivesEachScrobbleOnceWithTheAnnouncedTotal() throws {
    let everything = try asker.walk("slowcore_sam")
    let times = everything.rows.compactMap(\.time)
    #expect(times.count == everything.rows.count, "every scrobble has a date")
    #expect(times == times.sorted(by: >), "newest first")
    #expect(everything.totals == [everything.rows.count])
    let profile = asker.body("method=user.getinfo&user=slowcore_sam")
    #expect(profile.contains(#""playcount":"\#(everything.rows.count)""#))

    // A window of some weeks, with bounds on scrobbles (both counted in) and page sizes that do not divide it.
    let (from, to) = (times[times.count / 2 + 400], times[times.count / 2])
    let expected = everything.rows.filter { $0.time! >= from && $0.time! <= to }
    for limit in [13, 50, 200] {
      let window = try asker.walk("slowcore_sam", window: "&from=\(from)&to=\(to)", limit: limit)
      #expect(window.rows == expected, "limit \(limit)")
      #expect(window.totals == [expected.count])
      #expect(window.pages == (expected.count + limit - 1) / limit)
    }
  }

  @Test func thePlayingTrackIsOnPageOneOnlyAndOnlyWhileTheWindowReachesNow() throws {
    let first = try asker.recent("nightjar_radio", "&limit=10")
    #expect(first.rows.first?.isNowPlaying == true)
    #expect(first.rows.count == 11 && first.scrobbles.count == 10, "on top of the page's ten")
    #expect(first.rows.dropFirst().allSatisfy { !$0.isNowPlaying })
    let second = try asker.recent("nightjar_radio", "&limit=10&page=2")
    #expect(second.rows.count == 10 && !second.rows.contains { $0.isNowPlaying })
    #expect(second.total == first.total, "the playing track is not counted")

    let past = try asker.recent("nightjar_radio", "&limit=10&to=\(asker.now - 1)")
    #expect(!past.rows.contains { $0.isNowPlaying }, "a window ending in the past has nothing playing")
    let future = try asker.recent("nightjar_radio", "&limit=10&to=\(asker.now + 3600)")
    #expect(future.rows.first?.isNowPlaying == true)
  }

  @Test func limitAbove200IsClampedAndAPageBeyondTheEndIsEmpty() throws {
    let big = try asker.recent("velvetmoth", "&limit=1000")
    #expect(big.scrobbles.count == 200)
    #expect(big.attributes["perPage"] == "200")
    #expect(big.totalPages == (big.total + 199) / 200)
    let beyond = try asker.recent("velvetmoth", "&limit=200&page=\(big.totalPages + 1)")
    #expect(beyond.rows.isEmpty)
    #expect(beyond.total == big.total && beyond.attributes["page"] == String(big.totalPages + 1))
    #expect(Set(beyond.attributes.keys) == ["user", "page", "perPage", "totalPages", "total"])
  }

  @Test func anEmptyOrReversedWindowHasNoScrobbles() throws {
    let reversed = try asker.recent("velvetmoth", "&from=\(asker.now - 10)&to=\(asker.now - 86_400)")
    #expect(reversed.rows.isEmpty && reversed.total == 0 && reversed.totalPages == 0)
    let ancient = try asker.recent("velvetmoth", "&to=-5")
    #expect(ancient.total == 0)
    let all = try asker.recent("velvetmoth", "&from=-9000000000000&to=")
    #expect(all.total == (try asker.recent("velvetmoth")).total, "a negative from is before everything")
  }

  @Test func hostileBoundsAndPagingAreLastFMsErrorSixNeverACrash() {
    for extra in [
      "&from=abc", "&to=1e9", "&from=99999999999999999999999", "&to=12.5", "&page=0", "&page=-3", "&limit=0",
      "&limit=abc", "&page=99999999999999999999999999", "&limit=-1",
    ] {
      let body = asker.body("method=user.getrecenttracks&user=velvetmoth\(extra)")
      #expect(body.hasPrefix(#"{"error":6,"#), "\(extra): \(body.prefix(120))")
    }
    for extra in ["&from=\(Int.min)&to=\(Int.max)", "&page=1000000&limit=200", "&from=\(Int.max)"] {
      #expect(throws: Never.self, "\(extra)") { try asker.recent("velvetmoth", extra) }
    }
  }
}
