import Foundation
import Testing

@testable import ArtistBrowser

@Suite struct RecentSearchesStoreTests {
  func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("recent-searches-\(UUID().uuidString)")
      .appendingPathComponent("recent.json")
  }

  @Test func inMemoryMovesRepeatsToTheFrontAndKeepsCapacity() async throws {
    let sut = InMemoryRecentSearchesStore(capacity: 3)
    for query in ["cher", "abba", "Cher", "  ", "björk", "portishead"] { try await sut.record(query) }
    #expect(try await sut.recentSearches() == ["portishead", "björk", "Cher"])
  }

  @Test func jsonFileSurvivesANewInstance() async throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let first = JSONFileRecentSearchesStore(fileURL: file)
    #expect(try await first.recentSearches() == [])
    try await first.record("cher")
    try await first.record("abba")
    let second = JSONFileRecentSearchesStore(fileURL: file)
    #expect(try await second.recentSearches() == ["abba", "cher"])
    #expect(try JSONDecoder().decode([String].self, from: Data(contentsOf: file)) == ["abba", "cher"])
  }

  @Test func aCorruptFileReadsAsEmptyAndIsReplaced() async throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{not json".utf8).write(to: file)
    let sut = JSONFileRecentSearchesStore(fileURL: file, capacity: 2)
    #expect(try await sut.recentSearches() == [])
    try await sut.record("cher")
    #expect(try await sut.recentSearches() == ["cher"])
  }
}

@Suite struct InMemoryArtistsStoreTests {
  @Test func pagesAndRecordsRequests() async throws {
    let sut = Seeds.store(chart: Seeds.chart(5))
    let second = try await sut.topArtists(page: 2, limit: 2, policy: .reload)
    #expect(second.value.items.map(\.rank) == [3, 4])
    #expect(second.value.totalPages == 3)
    #expect(second.value.hasMore)
    #expect(sut.requests == ["topArtists page=2 reload"])
  }

  @Test func unknownArtistIsNotFoundWithSuggestions() async {
    let sut = Seeds.store()
    await #expect(throws: StoreError.notFound(name: "Chr", suggestions: ["Cher"])) {
      try await sut.artistDetails(name: "Chr", policy: .useCache)
    }
  }

  @Test func injectedFailureIsThrown() async {
    let sut = Seeds.store()
    sut.failure = .invalidAPIKey
    await #expect(throws: StoreError.invalidAPIKey) {
      try await sut.topArtists(page: 1, limit: 10, policy: .useCache)
    }
  }

  @Test func theSeedCatalogWalksEveryScene() async throws {
    let sut = InMemoryArtistsStore()
    let chart = try await sut.topArtists(page: 1, limit: 50, policy: .useCache)
    let artist = try #require(chart.value.items.first)
    let albums = try await sut.topAlbums(artist: artist.name, policy: .useCache)
    let album = try #require(albums.value.first)
    let tracks = try await sut.albumDetails(artist: artist.name, album: album.name, policy: .useCache)
    let similar = try await sut.similarArtists(artist: artist.name, limit: 10, policy: .useCache)
    #expect(chart.source == .demoCatalog)
    #expect(!tracks.value.tracks.isEmpty)
    #expect(!similar.value.isEmpty)
  }
}
