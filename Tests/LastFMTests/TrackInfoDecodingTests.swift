import Foundation
import LastFM
import TestSupport
import Testing

/// `track.getInfo`, asked for the album a chart or loved track is on: the documentation's examples, the ways an
/// album can be missing, Last.fm's "Track not found", and the metadata cache keeping the answer a day.
@Suite struct TrackInfoDecodingTests {
  static let coveredFixtures: Set<String> = ["docs.track.getInfo.ok0.json", "docs.track.getInfo.ok1.json"]

  @Test func docsExampleNamesTheAlbumByTitle() throws {
    let info = try LastFMDecoding.trackInfo(fixtureBytes("docs.track.getInfo.ok0.json"))
    #expect(info.name == "One Step Closer")
    #expect(info.artist == "Linkin Park", "the artist as {\"name\": …}")
    let album = try #require(info.album)
    #expect(album.title == "Road To Revolution: Live at Milton Keynes")
    #expect(album.artist == "Linkin Park", "the album's artist as a plain string")
    #expect(
      album.images.url(for: .large)?.absoluteString
        == "https://lastfm.freetls.fastly.net/i/u/174s/1f922f8eb093037a30faa1c666a84c78.png")
  }

  @Test func anUnknownTrackIsABareTrackWithoutAlbum() throws {
    // Last.fm's documented answer for a track it does not know: the track echoed, no album, no error.
    let info = try LastFMDecoding.trackInfo(fixtureBytes("docs.track.getInfo.ok1.json"))
    #expect(info.name == "Fake Track")
    #expect(info.album == nil)
  }

  @Test(arguments: [
    #"{"track": {"name": "T", "artist": {"name": "A"}, "album": {"title": "", "artist": "A"}}}"#,
    #"{"track": {"name": "T", "artist": {"name": "A"}, "album": "   "}}"#,
    #"{"track": {"name": "T", "artist": "A", "album": {}}}"#,
  ])
  func anEmptyAlbumIsNoAlbum(json: String) throws {
    let info = try LastFMDecoding.trackInfo(Array(json.utf8))
    #expect(info.album == nil)
    #expect(info.artist == "A")
  }

  @Test func anAlbumWithoutItsArtistTakesTheTracksAndDropsThePlaceholderStar() throws {
    let json = ##"""
      {"track": {"name": "T", "artist": {"name": "A"}, "album": {"title": "Alb", "image": [
        {"#text": "https://lastfm.freetls.fastly.net/i/u/174s/2a96cbd8b46e442fc41c2b86b821562f.png", "size": "large"}]}}}
      """##
    let album = try #require(try LastFMDecoding.trackInfo(Array(json.utf8)).album)
    #expect(album.artist == "A")
    #expect(album.images.isEmpty, "Last.fm's placeholder star is no cover")
  }

  @Test func aTrackWithoutANameIsMalformed() {
    #expect(throws: LastFMError.self) { try LastFMDecoding.trackInfo(Array(#"{"track": {"artist": "A"}}"#.utf8)) }
  }

  @Test func trackNotFoundIsNotFoundWithoutSuggestions() async throws {
    let loader = ScriptedLoader([
      .body(#"{"error": 6, "message": "Track not found", "links": []}"#, status: 200, contentType: "application/json")
    ])
    await #expect(throws: LastFMError.notFound(what: "track \"Nope\" by \"Cher\"", suggestions: [])) {
      try await makeClient(loader).trackInfo(artist: "Cher", track: "Nope")
    }
    #expect(loader.requestCount == 1, "no artist.search for suggestions")
    #expect(loader.methods == ["track.getInfo"])
  }

  @Test func theMetadataCacheKeepsTheAnswerADay() async throws {
    #expect(MetadataFreshness.standard[.trackInfo] == 86_400)
    #expect(LastFMRequest.trackInfo(artist: "Cher", track: "Believe").kind == .trackInfo)
    // Given one network answer
    let loader = ScriptedLoader([.fixture("docs.track.getInfo.ok0.json")])
    let client = CachedLastFMClient(client: makeClient(loader), store: MemoryMetadataStore())
    // When the same track is asked for twice
    let first = try await client.trackInfo(artist: "Linkin Park", track: "One Step Closer").finalResult()
    let second = try await client.trackInfo(artist: "Linkin Park", track: "One Step Closer").finalResult()
    // Then the second comes from the cache, fresh
    #expect(first.value.album?.title == "Road To Revolution: Live at Milton Keynes")
    #expect(second.source == .cache && !second.isStale)
    #expect(second.value == first.value)
    #expect(loader.requestCount == 1)
  }
}
