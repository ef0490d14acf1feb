import Foundation
import Testing

@testable import ArtistBrowser

/// The Now screen's facts from Last.fm's answers: the listener's figures of `track.getInfo` and `artist.getInfo`
/// with `username` (strings, as Last.fm sends them), and the week's scrobbles as the `total` of a one-row page.
extension LastFMArtistsStoreTests {
  @Test func theListenersTrackAndArtistFigures() async throws {
    loader.set(
      "track.getInfo Cher",
      .json(#"{"track":{"name":"Believe","artist":{"name":"Cher"},"userplaycount":"12","userloved":"1"}}"#))
    loader.set(
      "artist.getInfo Cher",
      .json(
        #"{"artist":{"name":"Cher","stats":{"listeners":"9","userplaycount":"340"},"tags":{"tag":[{"name":"pop"},{"name":"dance"}]}}}"#
      ))
    let store = makeStore()

    let track = try await store.listenerTrackFacts(user: "ada", artist: "Cher", track: "Believe", policy: .useCache)
    let artist = try await store.listenerArtistFacts(user: "ada", artist: "Cher", policy: .useCache)

    #expect(track.value == ListenerTrackFacts(playCount: 12, loved: true))
    #expect(artist.value == ListenerArtistFacts(playCount: 340, tags: ["pop", "dance"]))
  }

  @Test func theWeeksScrobblesAreTheTotalOfAOneRowPage() async throws {
    loader.set(
      "user.getRecentTracks",
      .json(
        ##"{"recenttracks":{"track":[{"name":"A","artist":{"#text":"B"},"date":{"uts":"1"}}],"@attr":{"page":"1","perPage":"1","totalPages":"312","total":"312"}}}"##
      ))

    let count = try await makeStore().scrobbleCount(
      user: "ada", since: Date(timeIntervalSince1970: 1_800_000_000), policy: .useCache)

    #expect(count.value == 312)
    #expect(loader.asked == ["user.getRecentTracks"])
  }
}
