import Foundation
import LastFM
import TestSupport
import Testing

/// The archive's lean reading of `user.getRecentTracks` (`recentPlays`) keeps exactly what the general decoding
/// (`recentTracks`) gives the archive: the same dated rows in the same order, the same names, cover, loved flag
/// and total, quirks included.
@Suite struct RecentPlaysDecodingTests {
  /// The fields the archive keeps, as the general decoding gives them.
  struct Kept: Equatable {
    var time: Int
    var artist: String
    var album: String
    var track: String
    var cover: String?
    var loved: Bool?
  }

  static func throughScrobbles(_ bytes: [UInt8]) throws -> (plays: [Kept], total: Int) {
    let page = try LastFMDecoding.recentTracks(bytes)
    let plays = page.items.compactMap { scrobble -> Kept? in
      guard !scrobble.isNowPlaying, let time = scrobble.timestamp else { return nil }
      return Kept(
        time: time, artist: scrobble.artist, album: scrobble.album ?? "", track: scrobble.name,
        cover: scrobble.images.url(for: .extralarge)?.absoluteString, loved: scrobble.loved)
    }
    return (plays, page.total)
  }

  static func lean(_ bytes: [UInt8]) throws -> (plays: [Kept], total: Int) {
    let page = try LastFMDecoding.recentPlays(bytes)
    let plays = page.plays.map {
      Kept(time: $0.time, artist: $0.artist, album: $0.album, track: $0.track, cover: $0.cover, loved: $0.loved)
    }
    return (plays, page.total)
  }

  @Test(arguments: ["docs.user.getRecentTracks.ok0.json", "docs.user.getRecentTracks.ok1.json"])
  func theDocumentedAnswersReadAlike(fixture: String) throws {
    let bytes = try fixtureBytes(fixture)
    let lean = try Self.lean(bytes)
    let general = try Self.throughScrobbles(bytes)
    #expect(!lean.plays.isEmpty)
    #expect(lean.plays == general.plays)
    #expect(lean.total == general.total)
  }

  @Test func theQuirksReadAlike() throws {
    let star = "https://lastfm.freetls.fastly.net/i/u/300x300/2a96cbd8b46e442fc41c2b86b821562f.png"
    let json = ##"""
      {"recenttracks": {"track": [
        {"name": "Now", "artist": {"name": "A"}, "@attr": {"nowplaying": "TRUE"},
         "image": [{"size": "extralarge", "#text": "https://x.example/now.jpg"}]},
        {"name": "Two sizes", "artist": "Plain", "album": "As text", "loved": "1", "date": {"uts": "1700000300"},
         "image": [{"size": "large", "#text": "https://x.example/l.jpg"},
                   {"size": "extralarge", "#text": "https://x.example/first.jpg"},
                   {"size": "extralarge", "#text": "ftp://x.example/not-http.jpg"},
                   {"size": "extralarge", "#text": "https://x.example/second.jpg"},
                   {"size": "extralarge", "#text": ""}]},
        {"name": "Star", "artist": {"#text": "B"}, "album": {"name": "By name"}, "date": {"uts": 1700000200},
         "image": [{"size": "medium", "#text": "https://x.example/m.jpg"},
                   {"size": "extralarge", "#text": "https://x.example/real.jpg"},
                   {"size": "extralarge", "#text": "\##(star)"},
                   {"size": "mega", "#text": " https://x.example/mega.jpg "}]},
        {"name": "Smaller only", "artist": {"#text": "C"}, "album": {"#text": ""}, "date": "1700000100",
         "image": [{"size": "small", "#text": "https://x.example/s.jpg"},
                   {"size": "medium", "#text": "https://x.example/m2.jpg"},
                   {"size": "", "#text": "https://x.example/unsized.jpg"}, {"size": "huge", "#text": "https://x/h"},
                   {"size": "large", "#text": 12}]},
        {"name": "No cover", "loved": 0, "date": {"uts": "1700000050"}, "image": ""},
        {"artist": {"#text": "Nameless"}, "date": {"uts": "1700000040"}},
        {"name": "Undated", "artist": {"#text": "D"}},
        {"name": "Zero", "artist": {"#text": "D"}, "date": {"uts": "0"}},
        {"name": "Two in one page", "artist": {"#text": "B"}, "date": {"uts": 1700000200},
         "image": {"size": "extralarge", "#text": "https://x.example/real.jpg"}}
      ]}}
      """##
    let bytes = Array(json.utf8)
    let lean = try Self.lean(bytes)
    #expect(lean.plays == (try Self.throughScrobbles(bytes)).plays)
    #expect(lean.total == (try Self.throughScrobbles(bytes)).total, "without @attr: the rows with a name")
    #expect(lean.plays.map(\.track) == ["Two sizes", "Star", "Smaller only", "No cover", "Two in one page"])
    #expect(
      lean.plays.map(\.cover) == [
        "https://x.example/second.jpg", "https://x.example/mega.jpg", "https://x.example/m2.jpg", nil,
        "https://x.example/real.jpg",
      ])
  }

  @Test func anEmptyWindowHasNoPlays() throws {
    let bytes = Array(#"{"recenttracks": {"track": [], "@attr": {"total": "0"}}}"#.utf8)
    let page = try LastFMDecoding.recentPlays(bytes)
    #expect(page.plays.isEmpty && page.total == 0)
    #expect(throws: LastFMError.self) { try LastFMDecoding.recentPlays(Array("<html>busy</html>".utf8)) }
  }
}
