import Foundation
import LastFM
import Testing

/// Hand-made answers with the API's known quirks.
@Suite struct QuirkDecodingTests {
  func decodeArtist(_ json: String) throws -> Artist {
    try LastFMDecoding.artistInfo(Array(json.utf8))
  }

  @Test func numbersAsStringsOrNumbers() throws {
    let asStrings = try decodeArtist(
      #"{"artist":{"name":"A","url":"https://www.last.fm/music/A","stats":{"listeners":"12","playcount":"345"}}}"#)
    let asNumbers = try decodeArtist(
      #"{"artist":{"name":"A","url":"https://www.last.fm/music/A","stats":{"listeners":12,"playcount":345.0}}}"#)
    #expect(asStrings.listeners == 12 && asStrings.playcount == 345)
    #expect(asStrings == asNumbers)
  }

  @Test func spacesAroundValuesAreTrimmedAsFoundationTrimsWhitespaces() throws {
    // A tab, no-break space, ideographic space and em space around the values: `CharacterSet.whitespaces`.
    let padded = try decodeArtist(
      #"{"artist":{"name":"A","mbid":"\t abc-1\u00a0","url":"\u3000https://www.last.fm/music/A?x=1 ","#
        + #""stats":{"listeners":" 12\t","playcount":"\u2003345"}}}"#)
    #expect(padded.listeners == 12 && padded.playcount == 345)
    #expect(padded.mbid == "abc-1")
    #expect(padded.url.absoluteString == "https://www.last.fm/music/A?x=1")
    // A newline is not among them, so the number stays unreadable; only spaces make an empty id.
    let newline = try decodeArtist(#"{"artist":{"name":"A","mbid":" \u00a0 ","stats":{"listeners":"12\n"}}}"#)
    #expect(newline.listeners == nil && newline.mbid == nil)
  }

  @Test func booleansAndNullsAreNotNumbers() throws {
    let artist = try decodeArtist(
      #"{"artist":{"name":"A","mbid":null,"stats":{"listeners":true,"playcount":null},"listeners":7}}"#)
    // `stats.listeners` is a boolean, not the number 1: the top-level `listeners` is used instead.
    #expect(artist.listeners == 7 && artist.playcount == nil && artist.mbid == nil)
  }

  @Test func singleObjectWhereAnArrayIsExpected() throws {
    let album = try LastFMDecoding.albumInfo(
      Array(
        #"""
        {"album":{"name":"One","artist":"Solo","url":"https://www.last.fm/music/Solo/One",
          "tracks":{"track":{"name":"Only Song","duration":"201","@attr":{"rank":"1"},
                             "url":"https://www.last.fm/music/Solo/_/Only+Song"}},
          "tags":{"tag":{"name":"lonely","url":"https://www.last.fm/tag/lonely"}},
          "image":{"#text":"https://img.example/174s/abc.png","size":"large"}}}
        """#.utf8))
    #expect(
      album.tracks == [
        Track(
          name: "Only Song", duration: 201, rank: 1, url: URL(string: "https://www.last.fm/music/Solo/_/Only+Song")!)
      ])
    #expect(album.tags == ["lonely"])
    #expect(album.images.url(for: .small)?.absoluteString == "https://img.example/174s/abc.png")
  }

  @Test func emptyStringWhereAnObjectIsExpected() throws {
    let artist = try decodeArtist(
      #"{"artist":{"name":"A","url":"https://www.last.fm/music/A","tags":"","similar":"","bio":"","stats":""}}"#)
    #expect(artist.tags == [])
    #expect(artist.similar == nil)
    #expect(artist.bioSummary == nil)
    #expect(artist.listeners == nil)
  }

  @Test func emptyOrMissingMbidAndURL() throws {
    let artist = try decodeArtist(#"{"artist":{"name":"Simon & Garfunkel","mbid":"","url":""}}"#)
    #expect(artist.mbid == nil)
    #expect(artist.url.absoluteString == "https://www.last.fm/music/Simon+%26+Garfunkel", "built from the name")
  }

  @Test func htmlBioIsPlainText() throws {
    let json = #"""
      {"artist":{"name":"A","url":"https://www.last.fm/music/A","bio":{
        "summary":"Tom &amp; Jerry&#39;s <b>band</b> &quot;rocks&quot;&#x21;<br/>Next line. <a href=\"https://www.last.fm/music/A\">Read more on Last.fm</a>",
        "content":"<p>First.</p><p>Second &lt;3 &eacute;</p> <a href=\"https://www.last.fm/music/A\">Read more on Last.fm</a>. User-contributed text is available under the Creative Commons By-SA License; additional terms may apply."}}}
      """#
    let artist = try decodeArtist(json)
    #expect(artist.bioSummary == "Tom & Jerry's band \"rocks\"!\nNext line.")
    #expect(artist.bioContent == "First.\n\nSecond <3 &eacute;", "unknown entities are left alone")
  }

  @Test func nonObjectRootIsMalformed() {
    #expect(throws: LastFMError.malformedResponse(detail: "artist.getInfo answer has no \"artist\" object")) {
      try decodeArtist(#"{"artist":""}"#)
    }
    #expect(throws: LastFMError.malformedResponse(detail: "artist.getInfo answer is not JSON")) {
      try decodeArtist(#"{"artist":{"name":"#)
    }
  }

  @Test func infoAnswersWithoutANameSayWhichThingLacksIt() {
    let bytes = { (json: String) in Array(json.utf8) }
    #expect(throws: LastFMError.malformedResponse(detail: "artist.getInfo answer has an artist without a name")) {
      try LastFMDecoding.artistInfo(bytes(#"{"artist":{"url":"https://www.last.fm/music/A"}}"#))
    }
    #expect(throws: LastFMError.malformedResponse(detail: "album.getInfo answer has an album without a name")) {
      try LastFMDecoding.albumInfo(bytes(#"{"album":{"artist":"A"}}"#))
    }
    #expect(throws: LastFMError.malformedResponse(detail: "user.getInfo answer has a user without a name")) {
      try LastFMDecoding.listenerProfile(bytes(#"{"user":{"playcount":"3"}}"#))
    }
    #expect(throws: LastFMError.malformedResponse(detail: "tag.getInfo answer has a tag without a name")) {
      try LastFMDecoding.tagInfo(bytes(#"{"tag":{"reach":"3"}}"#))
    }
  }

  @Test func similarMatchIsClampedToUnitRange() throws {
    let similar = try LastFMDecoding.similarArtists(
      Array(#"{"similarartists":{"artist":[{"name":"B","match":"1.7"},{"name":"C","match":-2},{"match":"1"}]}}"#.utf8))
    #expect(similar.map(\.name) == ["B", "C"], "nameless entries are skipped")
    #expect(similar.map(\.match) == [1, 0])
  }

  @Test func absurdNumbersReadAsAbsentInsteadOfCrashing() throws {
    let artist = try decodeArtist(
      #"{"artist":{"name":"A","stats":{"listeners":"99999999999999999999999","playcount":1e300}}}"#)
    #expect(artist.listeners == nil && artist.playcount == nil)
    let page = try LastFMDecoding.searchArtists(
      Array(#"{"results":{"opensearch:totalResults":"9223372036854775807","opensearch:itemsPerPage":"50"}}"#.utf8))
    #expect(page.totalPages == 184_467_440_737_095_517)
  }

  @Test func pageWithoutAttributesIsOneFullPage() throws {
    let page = try LastFMDecoding.topArtists(Array(#"{"artists":{"artist":[{"name":"A"},{"name":"B"}]}}"#.utf8))
    #expect(page == Page(items: page.items, page: 1, perPage: 2, totalPages: 1, total: 2))
  }
}

@Suite struct ImageSetTests {
  let base = "https://lastfm.freetls.fastly.net/i/u/"

  func url(_ path: String) -> URL { URL(string: base + path)! }

  @Test func picksExactThenLargerThenSmaller() {
    let images = ImageSet([.small: url("34s/a.png"), .large: url("174s/a.png")])
    #expect(images.url(for: .small) == url("34s/a.png"))
    #expect(images.url(for: .medium) == url("174s/a.png"), "nearest larger first")
    #expect(images.url(for: .extralarge) == url("174s/a.png"), "then nearest smaller")
    #expect(images.url(for: .mega) == url("174s/a.png"))
  }

  @Test func placeholderStarIsNoImage() {
    let images = ImageSet([
      .small: url("34s/2a96cbd8b46e442fc41c2b86b821562f.png"),
      .mega: url("300x300/2a96cbd8b46e442fc41c2b86b821562f.png"),
    ])
    #expect(images.isEmpty)
    #expect(images.url(for: .small) == nil)
    // Found after a false start that shares its first bytes; a hash one character short is a real picture.
    #expect(ImageSet.isPlaceholder(url("174s/2a96cbd82a96cbd8b46e442fc41c2b86b821562f.png")))
    #expect(!ImageSet.isPlaceholder(url("174s/2a96cbd8b46e442fc41c2b86b821562.png")))
    #expect(ImageSet([.large: url("174s/2a96cbd8b46e442fc41c2b86b821562.png")]).url(for: .large) != nil)
  }

  @Test func sizeFittingPixels() {
    #expect(ImageSet.Size.fitting(pixels: 10) == .small)
    #expect(ImageSet.Size.fitting(pixels: 64) == .medium)
    #expect(ImageSet.Size.fitting(pixels: 65) == .large)
    #expect(ImageSet.Size.fitting(pixels: 1000) == .mega)
  }
}
