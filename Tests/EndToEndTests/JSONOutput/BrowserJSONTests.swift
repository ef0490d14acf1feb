import Foundation
import TestSupport
import Testing

/// `artist-browser … --json` for every scene, as scripts read it: the built binary on the embedded demo catalog,
/// each document checked against its schema in docs/schemas, numbers as numbers.
@Suite(
  "artist-browser --json against docs/schemas", .timeLimit(.minutes(20)),
  .enabled(if: BrowserProcess.isBuilt, "needs the built artist-browser: run `swift build` first"),
  .enabled(if: JSONSchemaValidator.isAvailable, "needs python3's jsonschema: run scripts/install-deps"))
struct BrowserJSONTests {
  /// Runs the browser with `--json` and checks its stdout against `schema`; returns the parsed document.
  private func document(
    _ arguments: [String], schema: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> [String: Any] {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let output = try await BrowserProcess.run(arguments + ["--json"], cacheDirectory: cache)
    #expect(output.status == 0, "stderr: \(output.stderr)", sourceLocation: sourceLocation)
    #expect(output.stderr == "artist-browser: demo catalog (no LASTFM_API_KEY set)\n", sourceLocation: sourceLocation)
    let problems = try JSONSchemaValidator.problems(in: output.stdout, schema: JSONSchemaValidator.schema(schema))
    #expect(problems == [], "\(output.stdout)", sourceLocation: sourceLocation)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any],
      sourceLocation: sourceLocation)
  }

  private func firstChartArtist() async throws -> [String: Any] {
    let chart = try await document(["--limit", "1"], schema: "artist-browser-chart")
    return try #require((chart["artists"] as? [[String: Any]])?.first)
  }

  @Test func theChartHasRanksAndListenersAsIntegers() async throws {
    let chart = try await document(["--limit", "3"], schema: "artist-browser-chart")
    #expect(chart["scene"] as? String == "chart")
    #expect(chart["source"] as? String == "demoCatalog")
    #expect(chart["sort"] as? String == "rank")
    let artists = try #require(chart["artists"] as? [[String: Any]])
    #expect(artists.compactMap { $0["rank"] as? Int } == [1, 2, 3])
    let listeners = artists.compactMap { $0["listeners"] as? Int }
    #expect(listeners.count == 3 && listeners == listeners.sorted(by: >), "\(listeners)")
  }

  @Test func anArtistHasTagsAlbumsAndCounts() async throws {
    let name = try await #require(try firstChartArtist()["name"] as? String)
    let artist = try await document(["--artist", name], schema: "artist-browser-artist")
    let details = try #require(artist["artist"] as? [String: Any])
    #expect(details["name"] as? String == name)
    #expect(details["listeners"] is Int)
    let albums = try #require(artist["albums"] as? [[String: Any]])
    #expect(albums.count >= 6)  // the demo catalog gives every artist 6 or more albums
    #expect(albums.compactMap { $0["rank"] as? Int } == Array(1...albums.count))
    #expect(albums.allSatisfy { $0["playCount"] is Int && $0["artist"] as? String == name })
  }

  @Test func anAlbumHasTrackNumbersAndDurationsInSeconds() async throws {
    let name = try await #require(try firstChartArtist()["name"] as? String)
    let artist = try await document(["--artist", name], schema: "artist-browser-artist")
    let album = try #require((artist["albums"] as? [[String: Any]])?.first?["name"] as? String)
    let albumDocument = try await document(["--album", "\(name)/\(album)"], schema: "artist-browser-album")
    let details = try #require(albumDocument["album"] as? [String: Any])
    #expect(details["name"] as? String == album)
    let tracks = try #require(details["tracks"] as? [[String: Any]])
    #expect(!tracks.isEmpty)
    #expect(tracks.compactMap { $0["number"] as? Int } == Array(1...tracks.count))
    #expect(tracks.allSatisfy { ($0["duration"] as? Int).map { $0 > 0 } ?? true })
    #expect(tracks.contains { $0["duration"] is Int })
  }

  @Test func similarArtistsHaveMatchFractionsBestFirst() async throws {
    let name = try await #require(try firstChartArtist()["name"] as? String)
    let similar = try await document(["--similar", name], schema: "artist-browser-similar")
    #expect(similar["artist"] as? String == name)
    let matches = try #require(similar["similar"] as? [[String: Any]]).compactMap { $0["match"] as? Double }
    #expect(!matches.isEmpty && matches == matches.sorted(by: >), "\(matches)")
  }

  @Test func searchResultsHaveRanksAndTheQuery() async throws {
    let name = try await #require(try firstChartArtist()["name"] as? String)
    let query = String(name.prefix(4))
    let search = try await document(["--search", query], schema: "artist-browser-search")
    #expect(search["query"] as? String == query)
    let artists = try #require(search["artists"] as? [[String: Any]])
    #expect(artists.contains { $0["name"] as? String == name })
    #expect(artists.compactMap { $0["rank"] as? Int } == Array(1...artists.count))
  }

  @Test func aDemoListenerHasTheirProfileAndThePlayingTrackFirst() async throws {
    let listener = try await document(
      ["--user", "nightjar_radio", "--limit", "5", "--period", "overall"], schema: "artist-browser-listener")
    #expect(listener["scene"] as? String == "listener")
    #expect(listener["period"] as? String == "overall")
    let profile = try #require(listener["listener"] as? [String: Any])
    #expect(profile["name"] as? String == "nightjar_radio")
    #expect(profile["registered"] is Int && profile["playCount"] is Int)
    // Every list, in Tab order, the charts for the period, each with its first page.
    let lists = try #require(listener["lists"] as? [[String: Any]])
    #expect(lists.compactMap { $0["list"] as? String } == ["recent", "topArtists", "topAlbums", "topTracks", "loved"])
    #expect(lists.map { $0["period"] as? String } == [nil, "overall", "overall", "overall", nil])
    for list in lists.dropFirst() {
      let rows = try #require(list["items"] as? [[String: Any]])
      #expect(rows.count == 5 && list["error"] == nil, "\(list["list"] ?? "?")")
    }
    let charted = try #require(lists[3]["items"] as? [[String: Any]])
    #expect(charted.compactMap { $0["rank"] as? Int } == [1, 2, 3, 4, 5])
    let loved = try #require(lists[4]["items"] as? [[String: Any]])
    #expect(loved.allSatisfy { $0["playedAt"] is Int && $0["kind"] as? String == "track" })
    let items = try #require(lists[0]["items"] as? [[String: Any]])
    #expect(items.count == 5)
    #expect(items.first?["nowPlaying"] as? Bool == true && items.first?["playedAt"] == nil)
    let times = items.dropFirst().compactMap { $0["playedAt"] as? Int }
    #expect(times.count == 4 && times == times.sorted(by: >), "\(times)")
  }

  @Test func aTagHasItsSummaryAndBothLists() async throws {
    let tag = try await document(["--tag", "shoegaze", "--limit", "3"], schema: "artist-browser-tag")
    #expect((tag["tag"] as? [String: Any])?["name"] as? String == "shoegaze")
    let artists = try #require(tag["artists"] as? [[String: Any]])
    let albums = try #require(tag["albums"] as? [[String: Any]])
    #expect(artists.compactMap { $0["rank"] as? Int } == [1, 2, 3])
    #expect(albums.count == 3 && albums.allSatisfy { $0["kind"] as? String == "album" })
    // A tag nobody uses is empty lists, not an error.
    let unused = try await document(["--tag", "no-such-tag-here"], schema: "artist-browser-tag")
    #expect((unused["artists"] as? [Any])?.isEmpty == true && (unused["albums"] as? [Any])?.isEmpty == true)
  }
}
