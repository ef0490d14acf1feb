import Foundation
import ImageCache
import LastFM
import Testing

/// `user.getRecentTracks` as the archive's sync asks for it: a window of time, 200 a page, extended; and the
/// answers decoded with the quirks Last.fm has (now-playing first, `date.uts` as a string, one track as an
/// object, `total: "0"`).
@Suite struct RecentTracksWindowTests {
  @Test func theWindowAndPageAreSentAsAsked() async throws {
    let loader = ScriptedLoader([.json(#"{"recenttracks": {"track": [], "@attr": {"total": "0"}}}"#)])
    _ = try await makeClient(loader).recentTracks(
      user: "rj", page: 3, limit: 200, from: 1_600_000_000, to: 1_700_000_000)
    let sent = query(try #require(loader.requests.first).url)
    #expect(sent["method"] == "user.getRecentTracks")
    #expect(sent["user"] == "rj")
    #expect(sent["from"] == "1600000000")
    #expect(sent["to"] == "1700000000")
    #expect(sent["page"] == "3")
    #expect(sent["limit"] == "200")
    #expect(sent["extended"] == "1")
  }

  @Test func withoutAWindowNoBoundIsSent() async throws {
    let loader = ScriptedLoader([.json(#"{"recenttracks": {"track": []}}"#)])
    _ = try await makeClient(loader).recentTracks(user: "rj")
    let sent = query(try #require(loader.requests.first).url)
    #expect(sent["from"] == nil)
    #expect(sent["to"] == nil)
  }

  @Test func extendedPageDecodesTheSecondLovedAndNowPlaying() throws {
    let json = ##"""
      {"recenttracks": {"track": [
        {"name": "Older", "artist": {"name": "B", "url": "https://www.last.fm/music/B"}, "loved": "1",
         "album": {"#text": "Al"}, "date": {"uts": "1700000100", "#text": "14 Nov 2023, 22:15"}},
        {"name": "Now", "artist": {"name": "A"}, "loved": "0", "@attr": {"nowplaying": "true"}},
        {"name": "Oldest", "artist": {"name": "C"}, "loved": 0, "date": {"uts": 1700000000}}
      ], "@attr": {"user": "rj", "page": "1", "perPage": "200", "totalPages": "1", "total": "2"}}}
      """##
    let page = try LastFMDecoding.recentTracks(Array(json.utf8))
    #expect(page.items.map(\.name) == ["Now", "Older", "Oldest"], "the playing track first")
    #expect(page.items[0].isNowPlaying && page.items[0].timestamp == nil)
    #expect(page.items[1].timestamp == 1_700_000_100, "date.uts as a string")
    #expect(page.items[1].loved == true)
    #expect(page.items[2].timestamp == 1_700_000_000, "date.uts as a number")
    #expect(page.items[2].loved == false)
    #expect(page.total == 2)
  }

  @Test func oneTrackAsAnObjectAndAnEmptyWindow() throws {
    let one = ##"""
      {"recenttracks": {"track": {"name": "Only", "artist": {"#text": "A"}, "date": {"uts": "1600000000"}},
       "@attr": {"total": "1", "page": "1", "perPage": "200", "totalPages": "1"}}}
      """##
    let page = try LastFMDecoding.recentTracks(Array(one.utf8))
    #expect(page.items.map(\.timestamp) == [1_600_000_000])
    #expect(page.items[0].loved == nil, "without extended=1 nothing says")
    let empty = #"{"recenttracks": {"track": [], "@attr": {"total": "0", "page": "1", "totalPages": "0"}}}"#
    let none = try LastFMDecoding.recentTracks(Array(empty.utf8))
    #expect(none.items.isEmpty && none.total == 0)
  }
}
