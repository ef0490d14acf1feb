import Foundation
import ImageCache
import LastFM
import Testing

/// Last.fm's listener errors, as its documentation shows them (error 6 with HTTP 404, error 17 with HTTP 403):
/// one clear line each, not retried, never stored.
@Suite struct ListenerErrorTests {
  @Test func unknownUserSaysCheckTheSpelling() async throws {
    let loader = ScriptedLoader([
      .body(
        String(decoding: try fixtureBytes("docs.user.getInfo.error0.json"), as: UTF8.self), status: 404,
        contentType: "application/json")
    ])
    let error = await #expect(throws: LastFMError.unknownUser("nobody-here")) {
      try await makeClient(loader).listenerProfile("nobody-here")
    }
    #expect(error?.description == "Last.fm has no user \"nobody-here\"; check the spelling")
    #expect(loader.requestCount == 1, "not retried, and no artist.search for suggestions")
  }

  @Test func privateProfileNamesTheListener() async throws {
    let loader = ScriptedLoader([
      .body(
        String(decoding: try fixtureBytes("docs.user.getRecentTracks.error1.json"), as: UTF8.self), status: 403,
        contentType: "application/json")
    ])
    let error = await #expect(throws: LastFMError.privateProfile(user: "shy")) {
      try await makeClient(loader).recentTracks(user: "shy")
    }
    #expect(error?.description(service: "the demo catalog") == "shy hides their listening on the demo catalog")
    #expect(loader.requestCount == 1)
  }

  @Test(arguments: ["docs.user.getRecentTracks.error0.json", "docs.user.getLovedTracks.error0.json"])
  func unknownUserInEveryListingMethod(file: String) async throws {
    let body = String(decoding: try fixtureBytes(file), as: UTF8.self)
    let loader = ScriptedLoader([.body(body, status: 404, contentType: "application/json")])
    await #expect(throws: LastFMError.unknownUser("ghost")) {
      if file.contains("Loved") {
        _ = try await makeClient(loader).lovedTracks(user: "ghost")
      } else {
        _ = try await makeClient(loader).recentTracks(user: "ghost")
      }
    }
  }

  @Test func artistTopTracksErrorIsNotFound() async throws {
    let loader = ScriptedLoader([.fixture("docs.artist.getTopTracks.error0.json"), .json(#"{"results": {}}"#)])
    await #expect(throws: LastFMError.notFound(what: "artist \"Nobody\"", suggestions: [])) {
      try await makeClient(loader).topTracks(artist: "Nobody")
    }
  }

  @Test func errorSixForAnArtistIsStillNotFound() async {
    let loader = ScriptedLoader([
      .json(#"{"error":6,"message":"The artist you supplied could not be found"}"#), .json(#"{"results": {}}"#),
    ])
    await #expect(throws: LastFMError.notFound(what: "artist \"Nobody\"", suggestions: [])) {
      try await makeClient(loader).artistInfo("Nobody")
    }
  }

  @Test func chartRequestsCarryThePeriod() async throws {
    let loader = ScriptedLoader([.fixture("docs.user.getTopAlbums.ok0.json")])
    _ = try await makeClient(loader).listenerTopAlbums(user: "aidan-", period: .quarter, page: 2, limit: 3)
    let sent = try #require(loader.requests.first)
    #expect(query(sent.url)["method"] == "user.getTopAlbums")
    #expect(query(sent.url)["period"] == "3month")
    #expect(query(sent.url)["page"] == "2")
    #expect(query(sent.url)["user"] == "aidan-")
  }

  @Test func recentTracksAreFreshForTwoMinutesChartsForAnHour() {
    let freshness = MetadataFreshness.standard
    #expect(freshness[.recentTracks] == 120)
    #expect(freshness[.listenerChart] == 3600)
    #expect(freshness[.tagChart] == 86_400)
  }

  @Test func periodsCycleInOrder() {
    var period = ChartPeriod.week
    var seen: [String] = []
    for _ in 0..<7 {
      seen.append(period.rawValue)
      period = period.next
    }
    #expect(seen == ["7day", "1month", "3month", "6month", "12month", "overall", "7day"])
  }
}
