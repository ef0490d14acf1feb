import Foundation
import ImageCache
import TestSupport
import Testing

/// `imgcache … --json` as scripts read it: the built binary against a local server, each command's real output
/// checked against its schema in docs/schemas, and its numbers against what the server sent.
@Suite(
  "imgcache --json against docs/schemas", .serialized, .timeLimit(.minutes(20)),
  .enabled(if: ProcessRunner.isBuilt("imgcache"), "needs the built imgcache: run `swift build` first"),
  .enabled(if: JSONSchemaValidator.isAvailable, "needs python3's jsonschema: run scripts/install-deps"))
struct ImgcacheJSONTests {
  static let images = [TestImages.png(1), TestImages.png(2)]

  /// Two images (one with a lifetime, so `ls` has an expiry), a 404, and an invalid line with a control character.
  private func warmedCache() async throws -> (ScratchCache, HTTPTestServer, CLI.Output) {
    let server = try HTTPTestServer { request in
      switch request.target {
      case "/1.png": .ok(Self.images[0], headers: ["Cache-Control": "max-age=3600"])
      case "/2.png": .ok(Self.images[1])
      default: .status(404)
      }
    }
    let cache = try ScratchCache()
    let list = FileManager.default.temporaryDirectory.appendingPathComponent("urls-\(UUID().uuidString).txt")
    let lines = ["/1.png", "/2.png", "/missing.png"].map { server.url($0).absoluteString } + ["not\u{07}a url"]
    try Data(lines.joined(separator: "\n").utf8).write(to: list)
    defer { try? FileManager.default.removeItem(at: list) }
    let warm = try await CLI.run(["warm", "--urls", list.path, "--json"] + cache.arguments)
    return (cache, server, warm)
  }

  private func expectConforms(
    _ output: CLI.Output, to schema: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let problems = try JSONSchemaValidator.problems(
      in: output.stdout, schema: JSONSchemaValidator.schema(schema))
    #expect(problems == [], "\(output.stdout)", sourceLocation: sourceLocation)
  }

  private func object(_ output: CLI.Output) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
  }

  @Test func warmReportsCountsBytesAndSecondsAsNumbers() async throws {
    let (cache, server, warm) = try await warmedCache()
    defer { cache.remove() }
    defer { server.stop() }
    #expect(warm.status == 1)  // two URLs failed
    try expectConforms(warm, to: "imgcache-warm")
    let summary = try object(warm)
    #expect(summary["total"] as? Int == 4)
    #expect(summary["fetched"] as? Int == 2)
    #expect(summary["failed"] as? Int == 2)
    #expect(summary["bytesDownloaded"] as? Int == Self.images.map(\.count).reduce(0, +))
    #expect((summary["seconds"] as? Double).map { $0 >= 0 } == true)
    let failures = try #require(summary["failures"] as? [[String: String]])
    #expect(
      failures.map { $0["url"] } == [server.url("/missing.png").absoluteString, "nota url"],
      "the invalid line loses its control character")
  }

  @Test func getLsStatsAndVerifyConformToTheirSchemas() async throws {
    let (cache, server, _) = try await warmedCache()
    defer { cache.remove() }
    defer { server.stop() }

    let get = try await CLI.run(["get", server.url("/1.png").absoluteString, "--json"] + cache.arguments)
    #expect(get.status == 0, "\(get.stderr)")
    try expectConforms(get, to: "imgcache-get")
    let got = try object(get)
    #expect(got["tier"] as? String == "disk")
    #expect(got["format"] as? String == "png")
    #expect(got["bytes"] as? Int == Self.images[0].count)
    #expect(got["width"] as? Int == 17 && got["height"] as? Int == 17)  // TestImages: 16 + 1 % 7, 16 + 1 % 5

    let ls = try await CLI.run(["ls", "--json"] + cache.arguments)
    try expectConforms(ls, to: "imgcache-ls")
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(ls.stdout.utf8)) as? [[String: Any]])
    #expect(Set(rows.compactMap { $0["bytes"] as? Int }) == Set(Self.images.map(\.count)))
    let withLifetime = try #require(rows.first { $0["url"] as? String == server.url("/1.png").absoluteString })
    let expires = try #require(withLifetime["expiresAt"] as? String)
    let created = try #require(withLifetime["created"] as? String)
    let dates = try [expires, created].map { try #require(ISO8601DateFormatter().date(from: $0)) }
    #expect(dates[0].timeIntervalSince(dates[1]) > 3000, "max-age=3600 from creation: \(expires), \(created)")

    let stats = try await CLI.run(["stats", "--json", "--max-disk", "1MB"] + cache.arguments)
    try expectConforms(stats, to: "imgcache-stats")
    let counts = try object(stats)
    #expect(counts["entries"] as? Int == 2)
    let charged = zip(["/1.png", "/2.png"], Self.images).map { path, image in
      DiskStore.chargedBytes(key: server.url(path).absoluteString, byteSize: image.count)
    }
    #expect(counts["bytes"] as? Int == charged.reduce(0, +))
    #expect(counts["maxBytes"] as? Int == 1_048_576)

    let verify = try await CLI.run(["verify", "--json"] + cache.arguments)
    try expectConforms(verify, to: "imgcache-verify")
    #expect(try object(verify)["checked"] as? Int == 2)
  }

  @Test func theSchemaRejectsDisplayTextWhereANumberBelongs() throws {
    // The check can fail: a count printed for a person, as the browser's JSON once carried them.
    let document = """
      {"cacheDirectory": "/c", "entries": "2 entries", "bytes": 1, "maxBytes": 1, "diskHits": 0, "diskMisses": 0,
       "memoryLimitBytes": 1, "extra": true}
      """
    let problems = try JSONSchemaValidator.problems(in: document, schema: JSONSchemaValidator.schema("imgcache-stats"))
    #expect(
      problems == [
        "(document): Additional properties are not allowed ('extra' was unexpected)",
        "entries: '2 entries' is not of type 'integer'",
      ])
  }
}
