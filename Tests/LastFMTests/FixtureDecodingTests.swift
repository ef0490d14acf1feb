import Foundation
import LastFM
import TestSupport
import Testing

/// Every recorded or documented answer in Tests/Fixtures/lastfm decodes into the right model.
@Suite struct FixtureDecodingTests {
  let star = "2a96cbd8b46e442fc41c2b86b821562f"

  @Test func chartTopArtistsDocsExample() throws {
    let page = try LastFMDecoding.topArtists(fixtureBytes("docs.chart.getTopArtists.ok0.json"))
    #expect(
      page.items.map(\.name) == [
        "The Weeknd", "Taylor Swift", "Kanye West", "Lana Del Rey", "Kendrick Lamar", "Drake", "Tyler, the Creator",
        "Arctic Monkeys", "SZA", "Billie Eilish",
      ])
    #expect(page.items[1].playcount == 1_502_167_696)
    #expect(page.items[1].listeners == 4_093_921)
    #expect(page.items[0].mbid == "c8b03190-306c-4120-bb0b-6f2ebfc06ea9")
    #expect(page.items[9].mbid == nil, "\"mbid\": \"\" is no mbid")
    #expect(page.items.allSatisfy { $0.images.isEmpty }, "only placeholder stars")
    #expect(page.items[0].similar == nil)
    #expect(page == Page(items: page.items, page: 1, perPage: 10, totalPages: 538_926, total: 5_389_260))
  }

  @Test func topAlbumsDocsExample() throws {
    let page = try LastFMDecoding.topAlbums(fixtureBytes("docs.artist.getTopAlbums.ok0.json"))
    #expect(page.items.count == 50)
    #expect((page.page, page.perPage, page.totalPages, page.total) == (1, 50, 549, 27408))
    let first = page.items[0]
    #expect(first.name == "Superunknown")
    #expect(first.artist == "Soundgarden")
    #expect(first.playcount == 16_024_346, "a number, not a string, here")
    #expect(first.mbid == "9d005b9c-fd45-412c-970b-3e64a59f84cd")
    #expect(
      first.images.url(for: .large)?.absoluteString
        == "https://lastfm.freetls.fastly.net/i/u/174s/850494d70ef94137bb5b50b267fbe487.png")
    #expect(
      first.images.url(for: .mega)?.absoluteString
        == "https://lastfm.freetls.fastly.net/i/u/300x300/850494d70ef94137bb5b50b267fbe487.png",
      "no mega: falls back to the nearest smaller, extralarge")
    #expect(page.items[1].mbid == nil, "missing mbid")
    #expect(page.items.last?.name == "Suffocate (Live 1991)")
    let nullAlbum = try #require(page.items.first { $0.name == "(null)" })
    #expect(nullAlbum.images.isEmpty, "empty image URLs")
    #expect(nullAlbum.playcount == 345_416)
  }

  @Test(arguments: ["docs.artist.getInfo.ok0.json", "docs.artist.getInfo.ok1.json"])
  func artistInfoDocsExamples(file: String) throws {
    let artist = try LastFMDecoding.artistInfo(fixtureBytes(file))
    #expect(artist.name == "The Weeknd")
    #expect(artist.url.absoluteString == "https://www.last.fm/music/The+Weeknd")
    #expect(artist.listeners == 1_688_480)
    #expect(artist.playcount == 135_692_303)
    #expect(artist.tags == ["rnb", "electronic", "dubstep", "Canadian", "prog-rnb"])
    #expect(artist.similar?.map(\.name) == ["Drake", "PARTYNEXTDOOR", "Bryson Tiller", "Frank Ocean", "Majid Jordan"])
    #expect(artist.images.isEmpty)
    let summary = try #require(artist.bioSummary)
    #expect(summary.hasPrefix("Abel Makkonen Tesfaye (born February 16, 1990 in Scarborough, Ontario)"))
    #expect(summary.hasSuffix("after signing his record deal with Republic."))
    #expect(!summary.contains("<a") && !summary.contains("Read more"))
    let content = try #require(artist.bioContent)
    #expect(
      content.hasSuffix("The successful promotional title track and “In Your Eyes” were also released as singles."))
    #expect(!content.contains("Creative Commons"))
  }

  @Test func artistInfoRecordedU2() throws {
    let artist = try LastFMDecoding.artistInfo(fixtureBytes("recorded.artist.getinfo.json"))
    #expect(artist.name == "U2")
    #expect(artist.mbid == "a3cb23fc-acd3-4ce0-8f36-1e5aa6a18432")
    #expect(artist.listeners == 3_623_538)
    #expect(artist.playcount == 150_387_104)
    #expect(artist.tags == ["rock", "classic rock", "irish", "pop", "alternative"])
    #expect(artist.similar?.map(\.name) == ["Passengers", "INXS", "R.E.M.", "Simple Minds", "Bono"])
    #expect(artist.similar?.first?.match == 0, "getInfo's short list has no match values")
    #expect(artist.bioSummary?.hasSuffix("um dos que mais arrecadam anualmente.") == true)
  }

  @Test func artistInfoRecordedEnglish() throws {
    let artist = try LastFMDecoding.artistInfo(fixtureBytes("recorded.artist.getinfo.en.json"))
    #expect(artist.name == "Legião Urbana")
    #expect(artist.url.absoluteString == "https://www.last.fm/music/+noredirect/Legi%C3%A3o+Urbana")
    #expect(artist.listeners == 740_367)
    #expect(artist.tags == ["rock", "brazilian rock", "80s", "brazilian", "brasil"])
    #expect(artist.bioSummary?.hasPrefix("Legião Urbana was a Brazilian post-punk band from Brasília") == true)
    #expect(artist.bioContent?.hasSuffix("Drum player Marcelo Bonfá also tried a solo career.") == true)
  }

  @Test func artistInfoWithEmptyBio() throws {
    let artist = try LastFMDecoding.artistInfo(fixtureBytes("recorded.artist.getinfo.empty.json"))
    #expect(artist.name == "Legião Urbana")
    #expect(artist.listeners == 740_591)
    #expect(artist.bioSummary == nil, "only the Read more link: nothing left")
    #expect(artist.bioContent == nil)
    #expect(artist.similar?.count == 5)
  }

  @Test func artistInfoUnknownArtist() throws {
    let artist = try LastFMDecoding.artistInfo(fixtureBytes("recorded.artist.getinfo.unknown.json"))
    #expect(artist.name == "[unknown]")
    #expect(artist.similar == [], "present but empty")
    #expect(artist.tags == ["mysterious", "mistagged artist", "unknown", "rock", "Soundtrack"])
    #expect(
      artist.bioSummary == """
        [unknown] is a standard artist name used at MusicBrainz for indicating where an artist name is lacking or \
        not provided.

        --

        For the short-lived visual-kei band, see ＊

        --

        There are other artists with this or a similar spelling, usually their scrobbles will be filtered when \
        submitted unless they are whitelisted.
        """)
    #expect(artist.bioContent == artist.bioSummary, "content minus link and licence equals the summary here")
  }

  @Test func similarArtistsRecorded() throws {
    let similar = try LastFMDecoding.similarArtists(fixtureBytes("recorded.artist.getsimilar.json"))
    #expect(similar.map(\.name) == ["Passengers", "INXS"])
    #expect(similar.map(\.match) == [1, 0.511468])
    #expect(similar[1].mbid == "481bf5f9-2e7c-4c44-b08a-05b32bc7c00d")
    #expect(similar[1].url.absoluteString == "https://www.last.fm/music/INXS")
    #expect(similar.allSatisfy { $0.images.isEmpty })
    #expect(try LastFMDecoding.similarArtists(fixtureBytes("recorded.artist.getsimilar.unknown.json")) == [])
  }

  @Test func topTracksRecorded() throws {
    let page = try LastFMDecoding.topTracks(fixtureBytes("recorded.artist.gettoptracks.json"))
    #expect(page.items.map(\.name) == ["Beautiful Day", "With or Without You"])
    #expect(page.items.map(\.rank) == [1, 2])
    #expect(page.items.map(\.playcount) == [6_309_776, 6_779_665])
    #expect(page.items[0].duration == nil)
    #expect((page.page, page.perPage, page.totalPages, page.total) == (1, 2, 166_117, 332_234))

    let unknown = try LastFMDecoding.topTracks(fixtureBytes("recorded.artist.gettoptracks.unknown.json"))
    #expect(unknown.items.count == 50)
    #expect(unknown.items.first?.name == "Spur 1")
    #expect(unknown.items.last?.name == "Pista 15")
    #expect(unknown.items.last?.rank == 50)
    #expect(unknown.items.last?.url.absoluteString == "https://www.last.fm/music/%5Bunknown%5D/_/Pista+15")
    #expect(unknown.total == 13_508_587)
  }

  @Test func searchDocsExamples() throws {
    let found = try LastFMDecoding.searchArtists(fixtureBytes("docs.artist.search.ok0.json"))
    #expect(found.items.map(\.name) == ["Rammstein"])
    #expect(found.items[0].listeners == 1_913_191)
    #expect(found.items[0].mbid == "b2d122f9-eadb-4930-a196-8f221eeb0c66")
    #expect((found.page, found.perPage, found.total, found.totalPages) == (1, 30, 13809, 461))

    let none = try LastFMDecoding.searchArtists(fixtureBytes("docs.artist.search.ok1.json"))
    #expect(none == Page(items: [], page: 1, perPage: 30, totalPages: 0, total: 0))
  }

  @Test func albumInfoDocsExample() throws {
    let album = try LastFMDecoding.albumInfo(fixtureBytes("docs.album.getInfo.ok0.json"))
    #expect(album.name == "Metallica")
    #expect(album.artist == "Metallica")
    #expect(album.mbid == "6e729716-c0eb-3f50-a740-96ac173be50d")
    #expect(album.listeners == 1_290_895)
    #expect(album.playcount == 29_408_961)
    #expect(album.tracks.count == 12)
    #expect(album.tracks.map(\.duration) == [382, 324, 227, 386, 402, 239, 241, 341, 256, 305, 407, 231])
    #expect(album.tracks.map(\.rank) == Array(1...12))
    #expect(
      album.tracks[0]
        == Track(
          name: "Enter Sandman", duration: 382, rank: 1,
          url: URL(string: "https://www.last.fm/music/Metallica/_/Enter+Sandman")!))
    #expect(album.tags == ["albums I own", "heavy metal", "metal", "thrash metal", "hard rock"])
    #expect(
      album.images.url(for: .small)?.absoluteString
        == "https://lastfm.freetls.fastly.net/i/u/34s/dd396f972110a303a4970a9b9daaf719.png")
    #expect(
      album.wikiSummary?.hasSuffix("schrieb die Band nun einfacher arrangierte, kürzere und eingängigere Songs.")
        == true)
  }

  @Test func albumInfoRecordedCher() throws {
    let album = try LastFMDecoding.albumInfo(fixtureBytes("recorded.album.getinfo.json"))
    #expect(album.name == "Believe")
    #expect(album.artist == "Cher")
    #expect(album.listeners == 597_578)
    #expect(
      album.tracks.map(\.name) == [
        "Believe", "The Power", "Runaway", "All or Nothing", "Strong Enough", "Dov'e L'amore", "Takin' Back My Heart",
        "Taxi Taxi", "Love Is the Groove", "We All Sleep Alone",
      ])
    #expect(album.tracks.map(\.duration) == [238, 228, 272, 237, 224, nil, 272, 304, 263, 233], "null duration")
    #expect(
      album.images.url(for: .extralarge)?.absoluteString
        == "https://lastfm.freetls.fastly.net/i/u/300x300/3b54885952161aaea4ce2965b2db1638.png")
  }

  @Test(arguments: ["recorded.album.getinfo.en.json", "recorded.album.getinfo.empty.json"])
  func albumInfoRecordedDois(file: String) throws {
    let album = try LastFMDecoding.albumInfo(fixtureBytes(file))
    #expect(album.name == "Dois")
    #expect(album.artist == "Legião Urbana")
    #expect(album.playcount == 9_833_783)
    #expect(album.tracks.count == 12)
    #expect(album.tracks.first?.name == "Daniel na Cova dos Leões")
    #expect(album.tracks.prefix(3).map(\.duration) == [232, nil, 280])
    #expect(album.tracks.last?.rank == 12)
    #expect(album.tracks.last?.name == "Índios")
    #expect(
      album.images.url(for: .medium)?.absoluteString
        == "https://lastfm.freetls.fastly.net/i/u/64s/e7dbfc64cde5478484af18f0e30662e0.png")
    #expect((album.wikiSummary == nil) == file.hasSuffix("empty.json"))
  }

  @Test func albumInfoWithEmptyURLsAndEmptyTags() throws {
    let album = try LastFMDecoding.albumInfo(fixtureBytes("recorded.album.getinfo.empty_urls.json"))
    #expect(
      album
        == Album(
          name: "The Definitive Less Damage And More Joy", artist: "The Jesus and Mary Chain", mbid: nil,
          url: URL(
            string: "https://www.last.fm/music/The+Jesus+and+Mary+Chain/The+Definitive+Less+Damage+And+More+Joy")!,
          playcount: 2, listeners: 2, images: .empty, tracks: [], tags: []))
  }

  @Test(arguments: [
    ("docs.album.getInfo.error1.json", "Album not found"),
    ("docs.artist.getInfo.error2.json", "The artist you supplied could not be found"),
    ("docs.artist.getSimilar.error1.json", "The artist you supplied could not be found"),
    ("docs.artist.getTopAlbums.error1.json", "The artist you supplied could not be found"),
  ])
  func errorPayloadsMapToNotFound(file: String, message: String) async throws {
    let json = try #require(String(bytes: fixtureBytes(file), encoding: .utf8))
    #expect(json.contains(message))
    let client = makeClient(ScriptedLoader([.json(json)]))
    await #expect(throws: LastFMError.notFound(what: "album \"Black\" by \"Nobody\"", suggestions: [])) {
      try await client.albumInfo(artist: "Nobody", album: "Black")
    }
  }

  @Test func everyFixtureIsCovered() throws {
    let covered: Set<String> = [
      "docs.chart.getTopArtists.ok0.json", "docs.artist.getTopAlbums.ok0.json", "docs.artist.getInfo.ok0.json",
      "docs.artist.getInfo.ok1.json", "recorded.artist.getinfo.json", "recorded.artist.getinfo.en.json",
      "recorded.artist.getinfo.empty.json", "recorded.artist.getinfo.unknown.json", "recorded.artist.getsimilar.json",
      "recorded.artist.getsimilar.unknown.json", "recorded.artist.gettoptracks.json",
      "recorded.artist.gettoptracks.unknown.json", "docs.artist.search.ok0.json", "docs.artist.search.ok1.json",
      "docs.album.getInfo.ok0.json", "recorded.album.getinfo.json", "recorded.album.getinfo.en.json",
      "recorded.album.getinfo.empty.json", "recorded.album.getinfo.empty_urls.json", "docs.album.getInfo.error1.json",
      "docs.artist.getInfo.error2.json", "docs.artist.getSimilar.error1.json", "docs.artist.getTopAlbums.error1.json",
    ]
    let present = Set(try Fixtures.files(in: "lastfm", withExtension: "json").map(\.lastPathComponent))
    #expect(
      present == covered.union(ListenerDecodingTests.coveredFixtures).union(TrackInfoDecodingTests.coveredFixtures),
      "a new fixture needs a test here")
  }
}
