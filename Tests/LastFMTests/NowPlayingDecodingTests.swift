import Foundation
import LastFM
import TestSupport
import Testing

/// What plays now, from the API documentation's recent tracks (with and without `nowplaying`), and the
/// listener's own counts from `track.getInfo` and `artist.getInfo` with `username`.
@Suite struct NowPlayingDecodingTests {
  func nowPlaying(_ fixture: String) throws -> NowPlaying {
    NowPlaying(recentTracks: try LastFMDecoding.recentTracks(fixtureBytes(fixture)))
  }

  @Test func thePlayingTrackComesWithoutADateAndIsPlayingWhateverTheClock() throws {
    let now = try nowPlaying("docs.user.getRecentTracks.ok1.json")
    #expect(now.isPlaying)
    #expect(now.track?.name == "Apocalypse Dreams")
    #expect(now.track?.album == "Lonerism")
    #expect(now.track?.loved == false, "extended=1 says \"0\"")
    #expect(now.earlier.first?.name == "Endors Toi")
    #expect(now.state(at: 1_603_186_824 + 10 * 86_400) == .playing)
    #expect(now.secondsAgo(at: 1_603_190_000) == nil)
  }

  @Test func withoutNowPlayingTheLastScrobbleAgesFromRecentToQuietToIdle() throws {
    let now = try nowPlaying("docs.user.getRecentTracks.ok0.json")
    let played = 1_603_188_238
    #expect(!now.isPlaying)
    #expect(now.track?.name == "Feels Like We Only Go Backwards")
    #expect(now.state(at: played + 12 * 60) == .recent)
    #expect(now.secondsAgo(at: played + 12 * 60) == 720)
    #expect(now.state(at: played + 3600) == .quiet)
    #expect(now.state(at: played + 86_400) == .idle)
    #expect(NowPlaying.agoText(720) == "12 min ago")
  }

  @Test func aListenerWithNoScrobblesIsIdle() throws {
    let empty = #"{"recenttracks":{"track":[],"@attr":{"page":"1","total":"0","perPage":"6","totalPages":"0"}}}"#
    let now = NowPlaying(recentTracks: try LastFMDecoding.recentTracks(Array(empty.utf8)))
    #expect(now.track == nil)
    #expect(now.state(at: 0) == .idle)
  }

  @Test func aServerThatListsThePlayingTrackLastStillShowsItFirst() throws {
    let answer = #"""
      {"recenttracks":{"track":[
        {"name":"Old","artist":{"#text":"A"},"date":{"uts":"100"}},
        {"name":"New","artist":{"#text":"A"},"@attr":{"nowplaying":"true"}}]}}
      """#
    let now = NowPlaying(recentTracks: try LastFMDecoding.recentTracks(Array(answer.utf8)))
    #expect(now.track?.name == "New")
    #expect(now.earlier.map(\.name) == ["Old"])
  }

  @Test func identityChangesWithTheTrackNotWithTheClockOrEarlierRows() throws {
    var now = try nowPlaying("docs.user.getRecentTracks.ok1.json")
    let identity = now.identity
    now.earlier.removeAll()
    #expect(now.identity == identity)
    now.track?.name = "Another"
    #expect(now.identity != identity)
  }

  @Test func trackInfoWithUsernameGivesTheListenersPlaysAndLove() throws {
    let answer = #"""
      {"track":{"name":"Believe","artist":{"name":"Cher"},"userplaycount":"12","userloved":"1",
        "toptags":{"tag":[{"name":"pop"}]}}}
      """#
    let info = try LastFMDecoding.trackInfo(Array(answer.utf8))
    #expect(info.userPlaycount == 12)
    #expect(info.userLoved == true)
    #expect(info.tags == ["pop"])
    let plain = try LastFMDecoding.trackInfo(Array(#"{"track":{"name":"Believe","artist":"Cher"}}"#.utf8))
    #expect(plain.userPlaycount == nil && plain.userLoved == nil)
  }

  @Test func theListenersCountsComeAsNumbersOrStrings() throws {
    let answer = #"{"track":{"name":"Believe","artist":"Cher","userplaycount":7,"userloved":0}}"#
    let info = try LastFMDecoding.trackInfo(Array(answer.utf8))
    #expect(info.userPlaycount == 7)
    #expect(info.userLoved == false)
  }

  @Test func notLovedIsTheStringZero() throws {
    let answer = #"{"track":{"name":"Believe","artist":"Cher","userplaycount":"0","userloved":"0"}}"#
    let info = try LastFMDecoding.trackInfo(Array(answer.utf8))
    #expect(info.userPlaycount == 0, "never played is a count, not a missing one")
    #expect(info.userLoved == false)
  }

  @Test func aNegativeOrGarbledCountIsNoCount() throws {
    for value in [#""-1""#, #""""#, #""many""#, "null"] {
      let answer = #"{"track":{"name":"B","artist":"C","userplaycount":"# + value + "}}"
      #expect(try LastFMDecoding.trackInfo(Array(answer.utf8)).userPlaycount == nil, "\(value)")
    }
    let artist = #"{"artist":{"name":"A","stats":{"listeners":"3","userplaycount":"-5"}}}"#
    #expect(try LastFMDecoding.artistInfo(Array(artist.utf8)).userPlaycount == nil)
  }

  @Test func artistStatsAsAnEmptyStringHaveNoCountsAndTagsMayBeOneObject() throws {
    let bare = #"{"artist":{"name":"A","stats":"","tags":""}}"#
    let artist = try LastFMDecoding.artistInfo(Array(bare.utf8))
    #expect(artist.userPlaycount == nil && artist.tags.isEmpty)
    let single = #"{"artist":{"name":"A","stats":{"userplaycount":"4"},"tags":{"tag":{"name":"drone"}}}}"#
    let tagged = try LastFMDecoding.artistInfo(Array(single.utf8))
    #expect(tagged.userPlaycount == 4 && tagged.tags == ["drone"])
  }

  @Test func artistInfoWithUsernameGivesTheListenersPlays() throws {
    let artist = try LastFMDecoding.artistInfo(fixtureBytes("docs.artist.getInfo.ok0.json"))
    #expect(artist.userPlaycount == 7211)
  }

  @Test func nowPlayingRequestsAreTheirOwnKindWithAShortFreshness() {
    let request = LastFMRequest.nowPlaying(user: "ada")
    #expect(request.method == "user.getRecentTracks")
    #expect(request.kind == .nowPlaying)
    #expect(request.cacheKey != LastFMRequest.recentTracks(user: "ada", page: 1, limit: 50).cacheKey)
    #expect(MetadataFreshness.standard[.nowPlaying] == 10)
    #expect(LastFMRequest.trackInfo(artist: "a", track: "b", username: "ada").parameters["username"] == "ada")
  }
}
