import Foundation
import TestSupport
import Testing

/// `artist-browser --user NAME --history --json` and `--plain` on an archive the test writes (TZ=UTC): the
/// document matches docs/schemas/artist-browser-history.schema.json and says what the archive holds.
@Suite(
  "artist-browser --history --json against docs/schemas", .timeLimit(.minutes(20)),
  .enabled(if: BrowserProcess.isBuilt, "needs the built artist-browser: run `swift build` first"),
  .enabled(if: JSONSchemaValidator.isAvailable, "needs python3's jsonschema: run scripts/install-deps"))
struct BrowserHistoryJSONTests {
  private func run(_ arguments: [String]) async throws -> ProcessRunner.Output {
    let cache = try BrowserProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = BrowserProcess.environment(cacheDirectory: cache).merging(["TZ": "UTC"]) { $1 }
    return try await ProcessRunner.run(BrowserProcess.name, arguments, environment: environment)
  }

  @Test func theHistoryDocumentHasEveryDayAndTheMonthsChart() async throws {
    let archive = try ScratchArchive(listener: "hist_owl")
    defer { archive.remove() }
    try archive.add(BrowserHistoryTmuxTests.plays())
    let output = try await run(["--user", "hist_owl", "--history", "--json"] + archive.arguments)
    #expect(output.status == 0, "stderr: \(output.stderr)")
    let problems = try JSONSchemaValidator.problems(
      in: output.stdout, schema: JSONSchemaValidator.schema("artist-browser-history"))
    #expect(problems == [], "\(output.stdout)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect(document["year"] as? Int == 2019)
    #expect(document["cursor"] as? String == "2019-06-15")
    #expect(document["plays"] as? Int == 10)
    let days = try #require(document["days"] as? [[String: Any]])
    #expect(days.count == 365)
    let counted = Dictionary(
      uniqueKeysWithValues: days.compactMap { day in
        (day["date"] as? String).map { ($0, day["plays"] as? Int ?? -1) }
      })
    #expect(counted["2019-06-14"] == 3 && counted["2019-06-15"] == 5 && counted["2019-03-02"] == 2)
    #expect(counted.values.reduce(0, +) == 10)
    let range = try #require(document["range"] as? [String: Any])
    #expect(range["scope"] as? String == "month" && range["from"] as? String == "2019-06-01")
    let albums = try #require(range["albums"] as? [[String: Any]])
    #expect(albums.first?["album"] as? String == "The Northern Dreams" && albums.first?["plays"] as? Int == 7)
  }

  @Test func thePlainPageHasNoEscapesAndAMissingArchiveIsOneLine() async throws {
    let archive = try ScratchArchive(listener: "hist_owl")
    defer { archive.remove() }
    try archive.add(BrowserHistoryTmuxTests.plays())
    let plain = try await run(["--user", "hist_owl", "--history", "--plain"] + archive.arguments)
    #expect(plain.status == 0, "stderr: \(plain.stderr)")
    #expect(!plain.stdout.contains("\u{1B}"))
    #expect(plain.stdout.hasPrefix("hist_owl · History 2019 · 10 plays · archive 2019-03-02 to 2019-06-15\n"))
    #expect(plain.stdout.contains("\nSat 2019-06-15: 5 plays · June 2019: 8 plays"))

    let missing = try await run(["--user", "nobody_here", "--history", "--plain"] + archive.arguments)
    #expect(missing.status == 1)
    #expect(missing.stdout.isEmpty)
    #expect(missing.stderr.contains("artist-browser: No archive of this listener in "), "\(missing.stderr)")
  }
}
