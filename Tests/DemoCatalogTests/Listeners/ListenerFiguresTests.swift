import Foundation
import LastFM
import Testing

@testable import DemoCatalog

/// `track.getInfo` and `artist.getInfo` with `username` answer the listener's own plays (and love) as Last.fm
/// does, counted from the same history as their charts at the same clock; without a listener to count, the plain
/// answer.
@Suite struct ListenerFiguresTests {
  /// 2026-12-04 08:17:05 UTC.
  let now = 1_796_372_225

  func answer(_ query: String, now: Int? = nil) -> [UInt8] {
    let api = DemoAPI(catalog: sharedCatalog, imageOrigin: "http://127.0.0.1:1", now: now ?? self.now)
    return Array(api.respond(to: DemoResponder.parameters(query + "&format=json")).utf8)
  }

  static func encoded(_ text: String) -> String { LastFMURL.encode(text) }

  func trackQuery(_ artist: String, _ track: String, user: String) -> String {
    "method=track.getinfo&artist=\(Self.encoded(artist))&track=\(Self.encoded(track))&username=\(user)"
  }

  @Test func theTracksAndTheArtistsPlaysAreTheListenersOverallChartFigures() throws {
    let tracks = try LastFMDecoding.listenerTopTracks(
      answer("method=user.gettoptracks&user=nightjar_radio&period=overall&limit=1000"))
    let top = try #require(tracks.items.first)
    let artist = try #require(top.artist)
    let info = try LastFMDecoding.trackInfo(answer(trackQuery(artist, top.name, user: "nightjar_radio")))
    #expect(info.userPlaycount == top.playcount)
    #expect(info.userPlaycount ?? 0 > 0)

    let artists = try LastFMDecoding.listenerTopArtists(
      answer("method=user.gettopartists&user=nightjar_radio&period=overall&limit=1000"))
    let figure = try #require(artists.items.first { $0.name == artist }?.playcount)
    let artistInfo = try LastFMDecoding.artistInfo(
      answer("method=artist.getinfo&artist=\(Self.encoded(artist))&username=nightjar_radio"))
    #expect(artistInfo.userPlaycount == figure)
    #expect(figure >= top.playcount ?? 0)
  }

  @Test func lovedTracksAreUserlovedAndOthersAreNot() throws {
    let loved = try LastFMDecoding.lovedTracks(answer("method=user.getlovedtracks&user=nightjar_radio&limit=50"))
    let first = try #require(loved.items.first)
    let info = try LastFMDecoding.trackInfo(answer(trackQuery(first.artist, first.name, user: "nightjar_radio")))
    #expect(info.userLoved == true)
    let lovedNames = Set(loved.items.map { "\($0.artist)\u{0}\($0.name)" })
    let recent = try LastFMDecoding.recentTracks(answer("method=user.getrecenttracks&user=nightjar_radio&limit=200"))
    let other = try #require(recent.items.first { !lovedNames.contains("\($0.artist)\u{0}\($0.name)") })
    let plain = try LastFMDecoding.trackInfo(answer(trackQuery(other.artist, other.name, user: "nightjar_radio")))
    #expect(plain.userLoved == false)
    #expect(plain.userPlaycount ?? 0 >= 1, "a scrobbled track has been played")
  }

  @Test func aTrackTheListenerNeverPlayedCountsZero() throws {
    // An artist from the end of the chart that is not among the listener's artists at all.
    let played = try LastFMDecoding.listenerTopArtists(
      answer("method=user.gettopartists&user=fieldrecorder&period=overall&limit=1000"))
    #expect(played.total < 1000)
    let names = Set(played.items.map(\.name))
    let place = try #require(
      (0..<sharedCatalog.artistCount).reversed().first { !names.contains(sharedCatalog.artist(at: $0).name) })
    let artist = sharedCatalog.artist(at: place)
    let track = artist.albums[0].tracks[0]
    let info = try LastFMDecoding.trackInfo(answer(trackQuery(artist.name, track.name, user: "fieldrecorder")))
    #expect(info.userPlaycount == 0 && info.userLoved == false)
  }

  @Test func theCountsGrowAsTheClockMoves() throws {
    let recent = try LastFMDecoding.recentTracks(answer("method=user.getrecenttracks&user=nightjar_radio&limit=1"))
    let newest = try #require(recent.items.first { !$0.isNowPlaying })
    let query = trackQuery(newest.artist, newest.name, user: "nightjar_radio")
    let before = try #require(try LastFMDecoding.trackInfo(answer(query, now: newest.timestamp! - 1)).userPlaycount)
    let after = try #require(try LastFMDecoding.trackInfo(answer(query)).userPlaycount)
    #expect(after == before + 1, "the newest scrobble is counted once it is shown")
  }

  @Test func anUnknownOrPrivateListenerGetsThePlainAnswer() {
    let artist = sharedCatalog.artist(at: 0)
    let track = artist.albums[0].tracks[0]
    let plain = answer(trackQuery(artist.name, track.name, user: "x").replacingOccurrences(of: "&username=x", with: ""))
    for user in ["nobody-here", "quietlistener"] {
      #expect(answer(trackQuery(artist.name, track.name, user: user)) == plain)
      let artistQuery = "method=artist.getinfo&artist=\(Self.encoded(artist.name))"
      #expect(answer(artistQuery + "&username=\(user)") == answer(artistQuery))
    }
    #expect(!String(decoding: plain, as: UTF8.self).contains("userplaycount"))
  }
}
