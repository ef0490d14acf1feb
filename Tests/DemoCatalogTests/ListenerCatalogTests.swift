import Foundation
import LastFM
import Testing

@testable import DemoCatalog

/// The demo listeners and tags: deterministic for a seed and a clock, in Last.fm's shapes (checked by decoding
/// them with the client's own decoders), with Last.fm's errors for unknown users and hidden profiles.
@Suite struct ListenerCatalogTests {
  /// 2026-12-04 08:17:05 UTC.
  let now = 1_796_372_225
  var api: DemoAPI { DemoAPI(catalog: sharedCatalog, imageOrigin: "http://127.0.0.1:1", now: now) }

  func answer(_ query: String, now: Int? = nil) -> [UInt8] {
    var api = self.api
    if let now { api.now = now }
    return Array(api.respond(to: DemoResponder.parameters(query + "&format=json")).utf8)
  }

  @Test func sameSeedAndClockGiveTheSameBytes() {
    let query = "method=user.getrecenttracks&user=nightjar_radio&limit=200"
    let other = DemoAPI(catalog: DemoCatalog(), imageOrigin: "http://127.0.0.1:1", now: now)
    #expect(answer(query) == Array(other.respond(to: DemoResponder.parameters(query)).utf8))
    #expect(answer(query) != answer(query, now: now + 3600), "an hour later there is more")
  }

  @Test func anHourLaterTheSameScrobblesLieUnderTheNewOnes() throws {
    let query = "method=user.getrecenttracks&user=velvetmoth&limit=50"
    let first = try LastFMDecoding.recentTracks(answer(query))
    let later = try LastFMDecoding.recentTracks(answer(query + "&to=\(now)", now: now + 3600))
    #expect(first.items.map(\.name) == later.items.map(\.name))
    #expect(first.items.map(\.date) == later.items.map(\.date))
  }

  @Test func recentTracksLookAlive() throws {
    let page = try LastFMDecoding.recentTracks(answer("method=user.getrecenttracks&user=nightjar_radio&limit=20"))
    let playing = try #require(page.items.first)
    #expect(playing.isNowPlaying, "nightjar_radio is playing something")
    #expect(playing.date == nil)
    #expect(page.items.count == 21, "the playing track comes on top of the page's 20")
    let clock = Date(timeIntervalSince1970: TimeInterval(now))
    let newest = try #require(page.items[1].date)
    #expect(newest < clock && clock.timeIntervalSince(newest) < 900, "the last scrobble minutes ago")
    let dates = page.items.dropFirst().compactMap(\.date)
    #expect(dates == dates.sorted(by: >), "newest first")
    #expect(page.items.dropFirst().allSatisfy { !$0.isNowPlaying && $0.album != nil && !$0.images.isEmpty })
    #expect(page.total > 1000)

    let quiet = try LastFMDecoding.recentTracks(answer("method=user.getrecenttracks&user=velvetmoth&limit=5"))
    #expect(!quiet.items.contains { $0.isNowPlaying })
  }

  @Test func extendedNamesTheArtistAndFlagsLovedTracks() throws {
    let plain = answer("method=user.getrecenttracks&user=fieldrecorder&limit=3")
    let extended = answer("method=user.getrecenttracks&user=fieldrecorder&limit=3&extended=1")
    #expect(String(decoding: plain, as: UTF8.self).contains(##""#text""##))
    #expect(String(decoding: extended, as: UTF8.self).contains(#""loved""#))
    #expect(
      try LastFMDecoding.recentTracks(plain).items.map(\.artist)
        == LastFMDecoding.recentTracks(extended).items.map(\.artist))
  }

  @Test func chartsCountThePlaysOfTheirPeriod() throws {
    let user = "slowcore_sam"
    var previousTotal = 0
    for period in ["7day", "1month", "3month", "6month", "12month", "overall"] {
      let page = try LastFMDecoding.listenerTopArtists(
        answer("method=user.gettopartists&user=\(user)&period=\(period)&limit=1000"))
      let plays = page.items.compactMap(\.playcount).reduce(0, +)
      #expect(plays >= previousTotal, "a longer period holds at least the plays of a shorter one (\(period))")
      #expect(page.items.compactMap(\.playcount) == page.items.compactMap(\.playcount).sorted(by: >))
      previousTotal = plays
    }
    let recent = try LastFMDecoding.recentTracks(answer("method=user.getrecenttracks&user=\(user)&limit=1"))
    #expect(previousTotal == recent.total, "overall counts every scrobble")

    let albums = try LastFMDecoding.listenerTopAlbums(
      answer("method=user.gettopalbums&user=\(user)&period=overall&limit=5"))
    #expect(albums.items.count == 5)
    #expect(albums.items.allSatisfy { !$0.images.isEmpty && !$0.artist.isEmpty })
    let tracks = try LastFMDecoding.listenerTopTracks(
      answer("method=user.gettoptracks&user=\(user)&period=12month&limit=5"))
    #expect(tracks.items.map(\.rank) == [1, 2, 3, 4, 5])
    #expect(tracks.items.allSatisfy { $0.artist != nil && $0.duration != nil })
  }

  @Test func profileAndLovedTracks() throws {
    let profile = try LastFMDecoding.listenerProfile(answer("method=user.getinfo&user=NIGHTJAR_RADIO"))
    #expect(profile.name == "nightjar_radio", "names are looked up ignoring case")
    #expect(profile.realName == "Mara Quell")
    #expect(!profile.images.isEmpty)
    #expect(profile.registered == Date(timeIntervalSince1970: 1_325_548_800))
    let faceless = try LastFMDecoding.listenerProfile(answer("method=user.getinfo&user=fieldrecorder"))
    #expect(faceless.images.isEmpty, "the placeholder star is no picture")
    #expect(faceless.realName == nil)

    let loved = try LastFMDecoding.lovedTracks(answer("method=user.getlovedtracks&user=velvetmoth&limit=500"))
    #expect(!loved.items.isEmpty)
    #expect(loved.items.allSatisfy { $0.date != nil && $0.album == nil })
  }

  @Test func unknownUserAndHiddenProfileAnswerLastFMsErrors() {
    #expect(
      String(decoding: answer("method=user.getinfo&user=nobody-here"), as: UTF8.self)
        == #"{"error":6,"message":"User not found","links":[]}"#)
    for method in ["getrecenttracks", "getlovedtracks", "gettopartists", "gettopalbums", "gettoptracks"] {
      let body = String(decoding: answer("method=user.\(method)&user=quietlistener"), as: UTF8.self)
      #expect(body.hasPrefix(#"{"error":17,"#), "\(method)")
    }
    #expect(throws: Never.self) {
      try LastFMDecoding.listenerProfile(answer("method=user.getinfo&user=quietlistener"))
    }
  }

  @Test func trackInfoNamesTheAlbumATrackIsOn() throws {
    // A top track of the first artist, asked for in other letter case: the album it is on, in Last.fm's shape.
    let artist = sharedCatalog.artist(at: 0)
    let track = try #require(sharedCatalog.topTracks(of: artist).first)
    let album = try #require(artist.albums.first { $0.tracks.contains(track) })
    let query = "method=track.getinfo&artist=\(artist.name.lowercased())&track=\(track.name.uppercased())"
    let info = try LastFMDecoding.trackInfo(answer(query.replacingOccurrences(of: " ", with: "+")))
    #expect(info.name == track.name)
    #expect(info.artist == artist.name)
    #expect(info.album?.title == album.name)
    #expect(info.album?.artist == artist.name)
    #expect(info.album?.images.isEmpty == false)
  }

  @Test func anUnknownTrackIsLastFMsTrackNotFound() {
    let artist = sharedCatalog.artist(at: 0).name.replacingOccurrences(of: " ", with: "+")
    #expect(
      String(decoding: answer("method=track.getinfo&artist=\(artist)&track=no+such+song"), as: UTF8.self)
        == #"{"error":6,"message":"Track not found","links":[]}"#)
    #expect(
      String(decoding: answer("method=track.getinfo&artist=nobody+at+all&track=x"), as: UTF8.self)
        == #"{"error":6,"message":"The artist you supplied could not be found","links":[]}"#)
  }

  @Test func tagsFollowTheArtistsOwnTags() throws {
    let tag = "shoegaze"
    let artists = try LastFMDecoding.tagTopArtists(answer("method=tag.gettopartists&tag=\(tag)&limit=1000"))
    let expected = sharedCatalog.artists.filter { $0.tags.contains(tag) }.map(\.name)
    #expect(!expected.isEmpty)
    #expect(artists.items.map(\.name) == expected, "every artist tagged so, in chart order")
    #expect(artists.total == expected.count)

    let albums = try LastFMDecoding.tagTopAlbums(answer("method=tag.gettopalbums&tag=\(tag)&limit=10"))
    #expect(albums.items.count == 10)
    #expect(albums.items.allSatisfy { expected.contains($0.artist) && !$0.images.isEmpty })

    let info = try LastFMDecoding.tagInfo(answer("method=tag.getinfo&tag=\(tag)"))
    #expect(info.name == tag)
    #expect(info.summary?.contains("\(expected.count) artists") == true)
  }

  @Test func unknownTagIsEmptyNotAnError() throws {
    let artists = try LastFMDecoding.tagTopArtists(answer("method=tag.gettopartists&tag=no-such-genre"))
    #expect(artists.items.isEmpty)
    #expect(artists.total == 0)
    let info = try LastFMDecoding.tagInfo(answer("method=tag.getinfo&tag=no-such-genre"))
    #expect(info.total == 0)
  }

  @Test func listingDatesAreLastFMs() {
    #expect(DemoDates.listingText(1_603_188_238) == "20 Oct 2020, 10:03")
    #expect(DemoDates.listingText(0) == "01 Jan 1970, 00:00")
    #expect(DemoDates.listingText(951_782_400) == "29 Feb 2000, 00:00")
  }
}
