import Foundation
import ImageCache
import LastFM
import Synchronization
import TestSupport
import Testing

/// A metadata store in memory, for tests that don't exercise SQLite.
final class MemoryMetadataStore: MetadataStoring {
  private let answers = Mutex<[String: StoredAnswer]>([:])

  func storedAnswer(for key: String) async -> StoredAnswer? { answers.withLock { $0[key] } }

  func store(_ body: [UInt8], for key: String, method: String, at date: Date) async {
    answers.withLock { $0[key] = StoredAnswer(body: body, storedAt: date) }
  }
}

@Suite struct CoverPlannerTests {
  func planner(_ loader: RoutedLoader) -> CoverPlanner {
    CoverPlanner(client: CachedLastFMClient(client: makeClient(loader), store: MemoryMetadataStore()))
  }

  /// A planned cover as the answers below give it: `LastFMAnswers.topAlbums` counts every album's plays as 0.
  func cover(_ artist: String, _ album: String, _ hash: String, _ size: String = "large") -> CoverPlan.Cover {
    CoverPlan.Cover(
      artist: artist, album: album, url: URL(string: LastFMAnswers.imageURL(hash, size: size))!, playCount: 0)
  }

  @Test func coversOfTheAutocorrectedArtistInOrderWithoutDuplicatesOrMissingPictures() async throws {
    // Given "cher" autocorrected to "Cher", with four albums: one without a picture, one repeating a picture
    let loader = RoutedLoader([
      "artist.getInfo cher": .json(LastFMAnswers.artistInfo("Cher")),
      "artist.getTopAlbums Cher": .json(
        LastFMAnswers.topAlbums(
          "Cher",
          [("Believe", "b1"), ("Closer to the Truth", nil), ("Heart of Stone", "h2"), ("Believe (Remix)", "b1")])),
    ])

    // When
    let plan = try await planner(loader).plan(artist: "cher", albums: nil, similar: 0, size: .large, policy: .refresh)

    // Then
    #expect(plan.artist == "Cher")
    #expect(plan.similarArtists == [])
    #expect(plan.covers == [cover("Cher", "Believe", "b1"), cover("Cher", "Heart of Stone", "h2")])
    #expect(plan.albumsWithoutCover == 1)
    #expect(loader.asked == ["artist.getInfo cher", "artist.getTopAlbums Cher"])
  }

  @Test func albumCountCapsTheListAndTheRequest() async throws {
    let loader = RoutedLoader([
      "artist.getInfo Cher": .json(LastFMAnswers.artistInfo("Cher")),
      // Last.fm may send more than asked for; the cap still holds.
      "artist.getTopAlbums Cher": .json(
        LastFMAnswers.topAlbums("Cher", [("Believe", "b1"), ("Heart of Stone", "h2"), ("Take Me Home", "t3")])),
    ])

    let plan = try await planner(loader).plan(
      artist: "Cher", albums: 2, similar: 0, size: .extralarge, policy: .refresh)

    #expect(
      plan.covers == [
        cover("Cher", "Believe", "b1", "extralarge"), cover("Cher", "Heart of Stone", "h2", "extralarge"),
      ])
  }

  @Test func similarArtistsAddTheirCoversAfterTheArtistsOwn() async throws {
    // Given three similar artists, of which two are asked for; one shares a cover with Cher
    let loader = RoutedLoader([
      "artist.getInfo Cher": .json(LastFMAnswers.artistInfo("Cher")),
      "artist.getTopAlbums Cher": .json(LastFMAnswers.topAlbums("Cher", [("Believe", "b1")])),
      "artist.getSimilar Cher": .json(LastFMAnswers.similar([("Madonna", 1), ("Kylie Minogue", 0.8), ("ABBA", 0.5)])),
      "artist.getTopAlbums Madonna": .json(
        LastFMAnswers.topAlbums("Madonna", [("Ray of Light", "r1"), ("Duets", "b1"), ("Erotica", nil)])),
      "artist.getTopAlbums Kylie Minogue": .json(LastFMAnswers.topAlbums("Kylie Minogue", [("Fever", "f1")])),
    ])

    // When
    let plan = try await planner(loader).plan(artist: "Cher", albums: nil, similar: 2, size: .medium, policy: .refresh)

    // Then
    #expect(plan.similarArtists == ["Madonna", "Kylie Minogue"])
    #expect(
      plan.covers.map(\.url.absoluteString) == [
        "https://img.test/i/u/64s/b1.png", "https://img.test/i/u/64s/r1.png", "https://img.test/i/u/64s/f1.png",
      ])
    #expect(plan.covers.map(\.artist) == ["Cher", "Madonna", "Kylie Minogue"])
    #expect(plan.albumsWithoutCover == 1)
    #expect(
      loader.asked == [
        "artist.getInfo Cher", "artist.getTopAlbums Cher", "artist.getSimilar Cher", "artist.getTopAlbums Madonna",
        "artist.getTopAlbums Kylie Minogue",
      ])
  }

  @Test func similarArtistLastFMCannotFindIsLeftOut() async throws {
    let loader = RoutedLoader([
      "artist.getInfo Cher": .json(LastFMAnswers.artistInfo("Cher")),
      "artist.getTopAlbums Cher": .json(LastFMAnswers.topAlbums("Cher", [("Believe", "b1")])),
      "artist.getSimilar Cher": .json(LastFMAnswers.similar([("Ghost", 1), ("Madonna", 0.9)])),
      "artist.getTopAlbums Ghost": .json(LastFMAnswers.error(6, "The artist you supplied could not be found")),
      "artist.search Ghost": .json(LastFMAnswers.search([])),
      "artist.getTopAlbums Madonna": .json(LastFMAnswers.topAlbums("Madonna", [("Ray of Light", "r1")])),
    ])

    let plan = try await planner(loader).plan(artist: "Cher", albums: nil, similar: 5, size: .large, policy: .refresh)

    #expect(plan.similarArtists == ["Madonna"])
    #expect(plan.covers == [cover("Cher", "Believe", "b1"), cover("Madonna", "Ray of Light", "r1")])
  }

  @Test func unknownArtistFailsWithSuggestions() async throws {
    let loader = RoutedLoader([
      "artist.getInfo Chre": .json(LastFMAnswers.error(6, "The artist you supplied could not be found")),
      "artist.search Chre": .json(LastFMAnswers.search(["Cher", "Chris Rea", "cher"])),
    ])

    let error = await #expect(throws: LastFMError.self) {
      try await planner(loader).plan(artist: "Chre", albums: nil, similar: 3, size: .large, policy: .refresh)
    }

    #expect(error == .notFound(what: "artist \"Chre\"", suggestions: ["Cher", "Chris Rea"]))
    #expect(loader.asked == ["artist.getInfo Chre", "artist.search Chre"])
  }

  @Test func freshStoredAnswersPlanWithoutRequests() async throws {
    let loader = RoutedLoader([
      "artist.getInfo Cher": .json(LastFMAnswers.artistInfo("Cher")),
      "artist.getTopAlbums Cher": .json(LastFMAnswers.topAlbums("Cher", [("Believe", "b1")])),
    ])
    let coverPlanner = planner(loader)
    let online = try await coverPlanner.plan(artist: "Cher", albums: nil, similar: 0, size: .large, policy: .refresh)

    let again = try await coverPlanner.plan(
      artist: "Cher", albums: nil, similar: 0, size: .large, policy: .cacheThenNetwork)

    #expect(again == online)
    #expect(loader.asked.count == 2, "the second plan came from the metadata cache")
  }
}
