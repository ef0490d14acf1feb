import Foundation
import ImageCache
import LastFM
import Synchronization
import TestSupport
import Testing

@testable import ArtistBrowser

/// Stored answers in memory; `now` is the tests' clock, so freshness is decided by the tests.
final class MemoryMetadataStore: MetadataStoring {
  private let answers = Mutex<[String: StoredAnswer]>([:])

  func storedAnswer(for key: String) async -> StoredAnswer? { answers.withLock { $0[key] } }

  func store(_ body: [UInt8], for key: String, method: String, at date: Date) async {
    answers.withLock { $0[key] = StoredAnswer(body: body, storedAt: date) }
  }
}

@Suite struct LastFMArtistsStoreTests {
  let loader = RoutedLoader()
  let metadata = MemoryMetadataStore()
  let clock = SettableClock()

  func makeStore(source: DataSource = .lastFM, offline: Bool = false) -> LastFMArtistsStore {
    let configuration = LastFMConfiguration(
      apiKey: "test-key", baseURL: URL(string: "http://127.0.0.1:9/2.0/")!, retry: LastFMRetryPolicy(maxAttempts: 1))
    let client = LastFMClient(
      configuration: configuration, loader: loader, timing: LastFMTiming(now: { .zero }, sleep: { _ in }))
    let clock = self.clock
    let cached = CachedLastFMClient(client: client, store: metadata, now: { clock.now })
    return LastFMArtistsStore(client: cached, source: source, offline: offline, imageSize: .large)
  }

  func advance(hours: Double) { clock.advance(by: hours * 3600) }

  func cover(_ hash: String) -> URL { URL(string: LastFMAnswers.imageURL(hash, size: "large"))! }

  // MARK: Values

  @Test func topArtistsAreRankedAcrossPagesWithoutStarPictures() async throws {
    loader.set(
      "chart.getTopArtists", .json(LastFMAnswers.chart([("Cher", 900), ("ABBA", 800)], page: 2, totalPages: 3)))

    let result = try await makeStore().topArtists(page: 2, limit: 2, policy: .useCache)

    #expect(
      result.value.items == [
        ArtistSummary(rank: 3, name: "Cher", listeners: 900), ArtistSummary(rank: 4, name: "ABBA", listeners: 800),
      ])
    #expect(result.value.number == 2 && result.value.totalPages == 3)
    #expect(result.source == .lastFM && !result.isStale)
  }

  @Test func demoCatalogIsTheLabelWhenChosen() async throws {
    loader.set("artist.search ch", .json(LastFMAnswers.search(["Cher", "Chicago"])))

    let result = try await makeStore(source: .demoCatalog).searchArtists(
      query: "ch", page: 1, limit: 30, policy: .useCache)

    #expect(result.value.items.map(\.name) == ["Cher", "Chicago"])
    #expect(result.value.items.map(\.rank) == [1, 2])
    #expect(result.source == .demoCatalog)
  }

  @Test func artistDetailsTakeTheFirstAlbumCoverAsPicture() async throws {
    loader.set(
      "artist.getInfo cher",
      .json(LastFMAnswers.artistInfo("Cher", listeners: 5, playcount: 70, tags: ["pop", "dance"], summary: "Diva.")))
    loader.set(
      "artist.getTopAlbums cher", .json(LastFMAnswers.topAlbums("Cher", [("Unknown Demo", nil), ("Believe", "b1")])))

    let result = try await makeStore().artistDetails(name: "cher", policy: .useCache)

    #expect(
      result.value
        == ArtistDetails(
          name: "Cher", listeners: 5, playCount: 70, tags: ["pop", "dance"], bioSummary: "Diva.", imageURL: cover("b1"))
    )
  }

  @Test func artistDetailsWithoutAnyCoverHaveNoPicture() async throws {
    loader.set("artist.getInfo Cher", .json(LastFMAnswers.artistInfo("Cher")))
    // artist.getTopAlbums has no route: that request fails, the details don't.

    let result = try await makeStore().artistDetails(name: "Cher", policy: .useCache)

    #expect(result.value.name == "Cher" && result.value.imageURL == nil)
  }

  @Test func topAlbumsAreRankedWithTheirCovers() async throws {
    loader.set(
      "artist.getTopAlbums Cher",
      .json(LastFMAnswers.topAlbums("Cher", [("Believe", "b1"), ("Demo", nil)], playcount: 12)))

    let result = try await makeStore().topAlbums(artist: "Cher", policy: .useCache)

    #expect(
      result.value == [
        AlbumSummary(rank: 1, name: "Believe", artist: "Cher", playCount: 12, imageURL: cover("b1")),
        AlbumSummary(rank: 2, name: "Demo", artist: "Cher", playCount: 12, imageURL: nil),
      ])
  }

  @Test func albumDetailsNumberTracksAndDropUnknownDurations() async throws {
    loader.set(
      "album.getInfo Cher Believe",
      .json(
        LastFMAnswers.albumInfo(
          "Cher", "Believe", cover: "b1", tracks: [("Believe", 239), ("Strong Enough", 0)], listeners: 9)))

    let result = try await makeStore().albumDetails(artist: "Cher", album: "Believe", policy: .useCache)

    #expect(
      result.value
        == AlbumDetails(
          name: "Believe", artist: "Cher", listeners: 9,
          tracks: [
            TrackSummary(number: 1, name: "Believe", duration: 239), TrackSummary(number: 2, name: "Strong Enough"),
          ],
          imageURL: cover("b1")))
  }

  @Test func similarArtistsKeepTheirMatch() async throws {
    loader.set("artist.getSimilar Cher", .json(LastFMAnswers.similar([("Madonna", 1), ("Kylie Minogue", 0.25)])))

    let result = try await makeStore().similarArtists(artist: "Cher", limit: 10, policy: .useCache)

    #expect(
      result.value == [
        ArtistBrowser.SimilarArtist(name: "Madonna", match: 1),
        ArtistBrowser.SimilarArtist(name: "Kylie Minogue", match: 0.25),
      ])
  }

  // MARK: Errors

  @Test func notFoundKeepsTheAskedNameAndSuggestions() async throws {
    loader.set("artist.getInfo Chre", .json(LastFMAnswers.error(6, "The artist you supplied could not be found")))
    loader.set("artist.search Chre", .json(LastFMAnswers.search(["Cher", "Chris Rea"])))

    await #expect(throws: StoreError.notFound(name: "Chre", suggestions: ["Cher", "Chris Rea"])) {
      try await makeStore().artistDetails(name: "Chre", policy: .useCache)
    }
  }

  @Test func refusedKeyIsInvalidAPIKey() async throws {
    loader.set("artist.getSimilar Cher", .json(LastFMAnswers.error(10, "Invalid API key")))

    await #expect(throws: StoreError.invalidAPIKey) {
      try await makeStore().similarArtists(artist: "Cher", limit: 5, policy: .useCache)
    }
  }

  @Test func unreachableServerWithNothingStoredIsANetworkFailure() async throws {
    loader.set("chart.getTopArtists", .failure(.couldNotConnect("refused")))

    await #expect(throws: StoreError.networkFailed(reason: "could not reach Last.fm: could not connect: refused")) {
      try await makeStore().topArtists(page: 1, limit: 10, policy: .useCache)
    }
  }

  /// The embedded catalog is not Last.fm: a failure to reach it says so (a proxy in the way, say).
  @Test func unreachableDemoCatalogIsNamedAsTheDemoCatalog() async throws {
    loader.set("chart.getTopArtists", .failure(.couldNotConnect("refused")))

    await #expect(
      throws: StoreError.networkFailed(reason: "could not reach the demo catalog: could not connect: refused")
    ) {
      try await makeStore(source: .demoCatalog).topArtists(page: 1, limit: 10, policy: .useCache)
    }
  }

  @Test func offlineWithNothingStoredIsOfflineNotCached() async throws {
    loader.set("chart.getTopArtists", .json(LastFMAnswers.chart([("Cher", 1)])))

    await #expect(throws: StoreError.offlineNotCached) {
      try await makeStore(offline: true).topArtists(page: 1, limit: 10, policy: .useCache)
    }
    #expect(loader.asked == [])
  }

  // MARK: Cache flags

  @Test func freshStoredAnswerIsReturnedWithoutARequest() async throws {
    loader.set("artist.getSimilar Cher", .json(LastFMAnswers.similar([("Madonna", 1)])))
    let store = makeStore()
    _ = try await store.similarArtists(artist: "Cher", limit: 10, policy: .useCache)
    advance(hours: 1)  // fresh for a day

    let result = try await store.similarArtists(artist: "Cher", limit: 10, policy: .useCache)

    #expect(result.value.map(\.name) == ["Madonna"])
    #expect(result.source == .lastFM && !result.isStale)
    #expect(loader.asked == ["artist.getSimilar Cher"])
  }

  @Test func staleStoredAnswerWaitsForTheNetwork() async throws {
    loader.set("artist.getSimilar Cher", .json(LastFMAnswers.similar([("Madonna", 1)])))
    let store = makeStore()
    _ = try await store.similarArtists(artist: "Cher", limit: 10, policy: .useCache)
    advance(hours: 48)
    loader.set("artist.getSimilar Cher", .json(LastFMAnswers.similar([("ABBA", 1)])))

    let result = try await store.similarArtists(artist: "Cher", limit: 10, policy: .useCache)

    #expect(result.value.map(\.name) == ["ABBA"])
    #expect(result.source == .lastFM && !result.isStale)
    #expect(loader.asked.count == 2)
  }

  @Test func staleStoredAnswerStandsInWhenTheNetworkFails() async throws {
    loader.set("artist.getSimilar Cher", .json(LastFMAnswers.similar([("Madonna", 1)])))
    let store = makeStore()
    _ = try await store.similarArtists(artist: "Cher", limit: 10, policy: .useCache)
    advance(hours: 48)
    loader.failEverything(.couldNotConnect("refused"))

    let result = try await store.similarArtists(artist: "Cher", limit: 10, policy: .useCache)

    #expect(result.value.map(\.name) == ["Madonna"])
    #expect(result.source == .offlineCache && result.isStale)
  }

  @Test func reloadAsksTheNetworkEvenWhenFresh() async throws {
    loader.set("artist.getSimilar Cher", .json(LastFMAnswers.similar([("Madonna", 1)])))
    let store = makeStore()
    _ = try await store.similarArtists(artist: "Cher", limit: 10, policy: .useCache)
    loader.set("artist.getSimilar Cher", .json(LastFMAnswers.similar([("ABBA", 1)])))

    let result = try await store.similarArtists(artist: "Cher", limit: 10, policy: .reload)

    #expect(result.value.map(\.name) == ["ABBA"])
    #expect(result.source == .lastFM)
    #expect(loader.asked.count == 2)
  }

  @Test func offlineStoreLabelsStoredAnswersOfflineCacheAndKeepsStaleness() async throws {
    loader.set("artist.getSimilar Cher", .json(LastFMAnswers.similar([("Madonna", 1)])))
    _ = try await makeStore().similarArtists(artist: "Cher", limit: 10, policy: .useCache)
    let offline = makeStore(offline: true)

    let fresh = try await offline.similarArtists(artist: "Cher", limit: 10, policy: .reload)
    advance(hours: 48)
    let stale = try await offline.similarArtists(artist: "Cher", limit: 10, policy: .useCache)

    #expect(fresh.source == .offlineCache && !fresh.isStale)
    #expect(stale.source == .offlineCache && stale.isStale)
    #expect(stale.value.map(\.name) == ["Madonna"])
    #expect(loader.asked.count == 1, "only the first, online store asked")
  }
}
