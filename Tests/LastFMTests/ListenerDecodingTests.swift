import Foundation
import LastFM
import TestSupport
import Testing

/// The listener and tag methods decode the API documentation's examples, quirks included.
@Suite struct ListenerDecodingTests {
  /// The fixtures these tests and `ListenerErrorTests` read (`FixtureDecodingTests.everyFixtureIsCovered`).
  static let coveredFixtures: Set<String> = [
    "docs.user.getInfo.ok0.json", "docs.user.getInfo.error0.json", "docs.user.getRecentTracks.ok0.json",
    "docs.user.getRecentTracks.ok1.json", "docs.user.getRecentTracks.error0.json",
    "docs.user.getRecentTracks.error1.json", "docs.user.getLovedTracks.ok0.json",
    "docs.user.getLovedTracks.error0.json", "docs.user.getTopArtists.ok0.json", "docs.user.getTopAlbums.ok0.json",
    "docs.user.getTopTracks.ok0.json", "docs.tag.getInfo.ok0.json", "docs.tag.getInfo.ok1.json",
    "docs.tag.getTopArtists.ok0.json", "docs.tag.getTopArtists.ok1.json", "docs.tag.getTopAlbums.ok0.json",
    "docs.tag.getTopAlbums.ok1.json", "docs.artist.getTopTracks.ok0.json", "docs.artist.getTopTracks.error0.json",
  ]

  @Test func artistTopTracksDocsExample() throws {
    let page = try LastFMDecoding.topTracks(fixtureBytes("docs.artist.getTopTracks.ok0.json"))
    #expect(page.items.count == 50)
    #expect(page.items.prefix(3).map(\.name) == ["You Know My Name", "Billie Jean", "Can't Change Me"])
    #expect((page.perPage, page.totalPages, page.total) == (50, 429, 21406))
  }

  @Test func unknownTagHasNoAlbums() throws {
    let page = try LastFMDecoding.tagTopAlbums(fixtureBytes("docs.tag.getTopAlbums.ok1.json"))
    #expect(page.items.isEmpty)
    #expect(page.total == 0)
  }
  @Test func profileDocsExample() throws {
    let profile = try LastFMDecoding.listenerProfile(fixtureBytes("docs.user.getInfo.ok0.json"))
    #expect(profile.name == "TyphoonsNotABot")
    #expect(profile.realName == "Liam")
    #expect(profile.playcount == 138_223, "a number given as a string")
    #expect(profile.registered == Date(timeIntervalSince1970: 1_561_177_193))
    #expect(profile.country == "United Kingdom")
    #expect(profile.url.absoluteString == "https://www.last.fm/user/TyphoonsNotABot")
    #expect(
      profile.images.url(for: .large)?.absoluteString
        == "https://lastfm.freetls.fastly.net/i/u/174s/9e9565eee02f3e08d803b7726f65f406.png")
  }

  @Test func profileWithoutRealNameOrCountry() throws {
    let json = ##"{"user": {"name": "x", "realname": "", "country": "None", "registered": {"#text": 1600000000}}}"##
    let profile = try LastFMDecoding.listenerProfile(Array(json.utf8))
    #expect(profile.realName == nil)
    #expect(profile.country == nil, "Last.fm says \"None\" for no country")
    #expect(profile.registered == Date(timeIntervalSince1970: 1_600_000_000), "the number under #text")
    #expect(profile.images.isEmpty)
  }

  @Test func recentTracksPlainArtist() throws {
    let page = try LastFMDecoding.recentTracks(fixtureBytes("docs.user.getRecentTracks.ok0.json"))
    #expect(page.items.count == 1)
    let track = try #require(page.items.first)
    #expect(track.name == "Feels Like We Only Go Backwards")
    #expect(track.artist == "Tame Impala", "the artist as {\"#text\": …}")
    #expect(track.album == "Lonerism")
    #expect(track.date == Date(timeIntervalSince1970: 1_603_188_238), "date.uts as a string")
    #expect(!track.isNowPlaying)
    #expect(track.images.url(for: .large)?.lastPathComponent == "7c9c4d1009514b178c82f2201e3a1fce.jpg")
    #expect((page.page, page.perPage, page.total) == (1, 1, 94_618))
  }

  @Test func recentTracksExtendedWithNowPlaying() throws {
    let page = try LastFMDecoding.recentTracks(fixtureBytes("docs.user.getRecentTracks.ok1.json"))
    #expect(page.items.map(\.name) == ["Apocalypse Dreams", "Endors Toi"])
    #expect(page.items[0].isNowPlaying)
    #expect(page.items[0].date == nil, "the playing track has no date")
    #expect(page.items[0].artist == "Tame Impala", "the artist as {\"name\": …} with extended=1")
    #expect(page.items[1].date == Date(timeIntervalSince1970: 1_603_186_824))
    #expect(!page.items[1].isNowPlaying)
  }

  @Test func nowPlayingIsPutFirst() throws {
    let json = ##"""
      {"recenttracks": {"track": [
        {"name": "Old", "artist": {"#text": "A"}, "date": {"uts": 1600000000}},
        {"name": "Now", "artist": {"#text": "A"}, "@attr": {"nowplaying": "true"}}
      ], "@attr": {"page": "1", "perPage": "50", "totalPages": "1", "total": "1"}}}
      """##
    let page = try LastFMDecoding.recentTracks(Array(json.utf8))
    #expect(page.items.map(\.name) == ["Now", "Old"])
    #expect(page.items[1].date == Date(timeIntervalSince1970: 1_600_000_000), "date.uts as a number")
  }

  @Test func lovedTracks() throws {
    let page = try LastFMDecoding.lovedTracks(fixtureBytes("docs.user.getLovedTracks.ok0.json"))
    let track = try #require(page.items.first)
    #expect(track.name == "Davy Crochet")
    #expect(track.artist == "The Backseat Lovers")
    #expect(track.album == nil)
    #expect(track.date == Date(timeIntervalSince1970: 1_603_112_664))
    #expect(page.total == 7790)
  }

  @Test func listenerCharts() throws {
    let artists = try LastFMDecoding.listenerTopArtists(fixtureBytes("docs.user.getTopArtists.ok0.json"))
    #expect(artists.items.first?.name == "Queen")
    #expect(artists.items.first?.playcount == 1511)
    #expect((artists.perPage, artists.totalPages) == (3, 644))

    let albums = try LastFMDecoding.listenerTopAlbums(fixtureBytes("docs.user.getTopAlbums.ok0.json"))
    #expect(albums.items.first?.name == "The Best Of")
    #expect(albums.items.first?.artist == "Joy Division")
    #expect(albums.items.first?.playcount == 596)
    #expect(albums.items.first?.mbid == nil, "\"mbid\": \"\" is no mbid")

    let tracks = try LastFMDecoding.listenerTopTracks(fixtureBytes("docs.user.getTopTracks.ok0.json"))
    #expect(tracks.items.map(\.name) == ["Love Will Tear Us Apart", "Roi", "La grenade"])
    #expect(tracks.items.map(\.artist) == ["Joy Division", "Videoclub", "Clara Luciani"])
    #expect(tracks.items.map(\.rank) == [1, 2, 3])
    #expect(tracks.items[0].playcount == 440)
    #expect(tracks.items[0].duration == 205)
  }

  @Test func tagInfoAndCharts() throws {
    let tag = try LastFMDecoding.tagInfo(fixtureBytes("docs.tag.getInfo.ok0.json"))
    #expect(tag.name == "metal")
    #expect((tag.reach, tag.total) == (157_277, 1_279_720))
    #expect(tag.summary?.hasPrefix("Metal is a subgenre of rock music") == true)

    let artists = try LastFMDecoding.tagTopArtists(fixtureBytes("docs.tag.getTopArtists.ok0.json"))
    #expect(artists.items.prefix(2).map(\.name) == ["System of a Down", "Disturbed"])
    #expect(artists.items.allSatisfy { $0.images.isEmpty }, "only placeholder stars")

    let albums = try LastFMDecoding.tagTopAlbums(fixtureBytes("docs.tag.getTopAlbums.ok0.json"))
    #expect(albums.items.map(\.name) == ["Ten Thousand Fists", "City of Evil", "Indestructible"])
    #expect(albums.items.map(\.artist) == ["Disturbed", "Avenged Sevenfold", "Disturbed"])
    #expect(albums.items[0].images.url(for: .large)?.lastPathComponent == "4c090f3226a7de3c21daaa92e2d4a416.png")
  }

  @Test func unknownTagIsAnEmptyListNotAnError() throws {
    let info = try LastFMDecoding.tagInfo(fixtureBytes("docs.tag.getInfo.ok1.json"))
    #expect(info.total == 0)
    #expect(info.summary == nil || info.summary?.isEmpty == true, "only the Read more link, which is dropped")
    let artists = try LastFMDecoding.tagTopArtists(fixtureBytes("docs.tag.getTopArtists.ok1.json"))
    #expect(artists.items.isEmpty)
    #expect(artists.total == 0)
    #expect(!artists.hasNextPage)
  }

  @Test func emptyListWithoutItsKey() throws {
    let json = #"{"lovedtracks": {"@attr": {"total": "0", "page": "1", "totalPages": "0", "perPage": "50"}}}"#
    let page = try LastFMDecoding.lovedTracks(Array(json.utf8))
    #expect(page.items.isEmpty)
    #expect(page.total == 0)
  }

  @Test func singleItemAsAnObject() throws {
    let json = #"""
      {"topartists": {"artist": {"name": "Solo", "playcount": 7}, "@attr": {"total": "1"}}}
      """#
    let page = try LastFMDecoding.listenerTopArtists(Array(json.utf8))
    #expect(page.items.map(\.name) == ["Solo"])
    #expect(page.items.first?.playcount == 7)
  }
}
