import Foundation
import Testing

@testable import DemoCatalog

/// Runs `body` against a freshly started server on an ephemeral loopback port, always shutting it down.
func withDemoServer(_ body: (DemoServer) async throws -> Void) async throws {
  let server = try await DemoServer.start(catalog: sharedCatalog)
  do {
    try await body(server)
  } catch {
    await server.shutdown()
    throw error
  }
  await server.shutdown()
}

extension DemoServer {
  func get(_ pathAndQuery: String, headers: [String: String] = [:]) async throws -> LoopbackHTTP.Response {
    try await LoopbackHTTP.get(port: port, pathAndQuery, headers: headers)
  }

  func api(_ query: String) async throws -> [String: Any] {
    let response = try await get("/2.0/?\(query)&api_key=ignored&format=json")
    #expect(response.status == 200)
    #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
    return try #require(response.json as? [String: Any])
  }
}

@Suite(.timeLimit(.minutes(20))) struct ServerTests {
  let firstArtist = sharedCatalog.artists[0]

  @Test func baseURLPointsAtTheAPIOnLoopback() async throws {
    try await withDemoServer { server in
      #expect(server.port > 0)
      #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)/2.0/")
    }
  }

  /// Each method's response has exactly the keys of the recorded Last.fm response for the same method.
  @Test(arguments: [
    ("method=chart.getTopArtists", "docs.chart.getTopArtists.ok0.json"),
    ("method=artist.getTopAlbums&artist=ARTIST", "docs.artist.getTopAlbums.ok0.json"),
    ("method=artist.getInfo&artist=ARTIST", "recorded.artist.getinfo.json"),
    ("method=artist.getSimilar&artist=ARTIST", "recorded.artist.getsimilar.json"),
    ("method=artist.search&artist=ARTIST", "docs.artist.search.ok0.json"),
    ("method=album.getInfo&artist=ARTIST&album=ALBUM", "docs.album.getInfo.ok0.json"),
    ("method=artist.getTopTracks&artist=ARTIST", "recorded.artist.gettoptracks.json"),
  ])
  func responsesHaveLastFMsShape(query: String, fixture: String) async throws {
    let artist = sharedCatalog.artists[4]
    let filled = query.replacingOccurrences(of: "ARTIST", with: LastFMURL.encode(artist.name))
      .replacingOccurrences(of: "ALBUM", with: LastFMURL.encode(artist.albums[0].name))
    try await withDemoServer { server in
      let json = try await server.api(filled)
      #expect(KeyPaths.of(json) == (try KeyPaths.ofFixture(fixture)))
    }
  }

  @Test func chartPagesThroughAllArtists() async throws {
    try await withDemoServer { server in
      let page1 = try await server.api("method=chart.gettopartists&limit=50")
      let page2 = try await server.api("method=chart.gettopartists&limit=50&page=2")
      let names1 = try Self.names(page1["artists"], list: "artist")
      let names2 = try Self.names(page2["artists"], list: "artist")
      #expect(names1 == sharedCatalog.artists[0..<50].map(\.name))
      #expect(names2 == sharedCatalog.artists[50..<100].map(\.name))
      let attributes = (page2["artists"] as? [String: Any])?["@attr"] as? [String: String]
      let total = sharedCatalog.artists.count
      #expect(
        attributes == [
          "page": "2", "perPage": "50", "total": String(total), "totalPages": String((total + 49) / 50),
        ])
    }
  }

  @Test func artistInfoCarriesTheCatalogValues() async throws {
    try await withDemoServer { server in
      let json = try await server.api(
        "method=ARTIST.GETINFO&artist=\(LastFMURL.encode("  " + firstArtist.name.uppercased()))")
      let artist = try #require(json["artist"] as? [String: Any])
      #expect(artist["name"] as? String == firstArtist.name)
      #expect((artist["stats"] as? [String: Any])?["listeners"] as? String == String(firstArtist.listeners))
      let images = try #require(artist["image"] as? [[String: String]])
      #expect(images.map { $0["size"] } == ["small", "medium", "large", "extralarge", "mega", ""])
      #expect(images[0]["#text"] == "http://127.0.0.1:\(server.port)/i/u/34s/2a96cbd8b46e442fc41c2b86b821562f.png")
    }
  }

  @Test func albumInfoListsTracksWithDurations() async throws {
    let album = firstArtist.albums[1]
    try await withDemoServer { server in
      let json = try await server.api(
        "method=album.getinfo&artist=\(LastFMURL.encode(firstArtist.name))&album=\(LastFMURL.encode(album.name))")
      let tracks = try #require(
        ((json["album"] as? [String: Any])?["tracks"] as? [String: Any])?["track"] as? [[String: Any]])
      #expect(tracks.map { $0["name"] as? String } == album.tracks.map(\.name))
      #expect(tracks.map { $0["duration"] as? Int } == album.tracks.map(\.durationSeconds))
      let image = ((json["album"] as? [String: Any])?["image"] as? [[String: String]])?[2]["#text"]
      #expect(image == "http://127.0.0.1:\(server.port)/i/u/174s/\(album.coverID).png")
    }
  }

  @Test func searchReportsOpensearchTotals() async throws {
    try await withDemoServer { server in
      let term = String(firstArtist.name.prefix(3))
      let json = try await server.api("method=artist.search&artist=\(LastFMURL.encode(term))&limit=2")
      let results = try #require(json["results"] as? [String: Any])
      #expect(results["opensearch:totalResults"] as? String == String(sharedCatalog.searchArtists(term).count))
      #expect(results["opensearch:itemsPerPage"] as? String == "2")
      #expect(results["opensearch:startIndex"] as? String == "0")
    }
  }

  @Test(arguments: [
    ("method=artist.getInfo&artist=Nobody+Here+At+All", 6, "The artist you supplied could not be found"),
    ("method=artist.getTopAlbums&artist=Nobody", 6, "The artist you supplied could not be found"),
    ("method=album.getInfo&artist=Nobody&album=X", 6, "The artist you supplied could not be found"),
    ("method=no.such.method", 3, "Invalid Method - No method with that name in this package"),
    ("nomethod=1", 3, "Invalid Method - No method with that name in this package"),
    ("method=artist.getInfo", 6, "Invalid parameters - Your request is missing a required parameter"),
    ("method=chart.getTopArtists&page=0", 6, "page param out of bounds (1-1000000)"),
    ("method=chart.getTopArtists&page=abc", 6, "Invalid parameters - page and limit must be positive integers"),
  ])
  func errorsUseLastFMsCodesWithHTTP200(query: String, code: Int, message: String) async throws {
    try await withDemoServer { server in
      let json = try await server.api(query)
      #expect(json["error"] as? Int == code)
      #expect(json["message"] as? String == message)
      #expect((json["links"] as? [Any])?.isEmpty == true)
    }
  }

  /// `(page - 1) * limit` overflowed on the largest page and took the server (and the browser) down. Every
  /// number is now held to Last.fm's own range and refused in Last.fm's words, and the server keeps serving.
  @Test func outOfRangeNumbersAreRefusedAndTheServerKeepsServing() async throws {
    let artist = LastFMURL.encode(firstArtist.name)
    let refusals: [(query: String, message: String)] = [
      ("method=chart.gettopartists&page=9223372036854775807", "page param out of bounds (1-1000000)"),
      ("method=chart.gettopartists&page=1000001", "page param out of bounds (1-1000000)"),
      ("method=chart.gettopartists&page=-3", "page param out of bounds (1-1000000)"),
      ("method=artist.gettoptracks&artist=\(artist)&page=9223372036854775807", "page param out of bounds (1-1000000)"),
      ("method=artist.search&artist=a&page=9223372036854775807", "page param out of bounds (1-1000000)"),
      ("method=artist.gettopalbums&artist=\(artist)&limit=9223372036854775807", "limit param out of bounds (1-1000)"),
      ("method=artist.getsimilar&artist=\(artist)&limit=1001", "limit param out of bounds (1-1000)"),
      ("method=chart.gettopartists&limit=0", "limit param out of bounds (1-1000)"),
      (
        "method=chart.gettopartists&page=99999999999999999999999999",
        "Invalid parameters - page and limit must be positive integers"
      ),
    ]
    try await withDemoServer { server in
      for refusal in refusals {
        let json = try await server.api(refusal.query)
        #expect(json["error"] as? Int == 6, "\(refusal.query)")
        #expect(json["message"] as? String == refusal.message, "\(refusal.query)")
      }
      // The last page Last.fm allows, at the largest limit: empty, not a crash.
      let last = try await server.api("method=chart.gettopartists&page=1000000&limit=1000")
      let artists = try #require(last["artists"] as? [String: Any])
      #expect((artists["artist"] as? [Any])?.isEmpty == true)
      #expect((artists["@attr"] as? [String: String])?["page"] == "1000000")
      // Still serving.
      let first = try await server.api("method=chart.gettopartists&limit=1")
      #expect(try Self.names(first["artists"], list: "artist") == [firstArtist.name])
    }
  }

  @Test func veryLongRequestsAreRefusedWith414() async throws {
    let long = String(repeating: "a", count: DemoResponder.maxTargetBytes)
    try await withDemoServer { server in
      let refused = try await server.get("/2.0/?method=artist.search&artist=\(long)&format=json")
      #expect(refused.status == 414)
      #expect(refused.body.isEmpty)
      let accepted = try await server.get("/2.0/?method=artist.search&artist=\(long.prefix(7000))&format=json")
      #expect(accepted.status == 200)
    }
  }

  @Test func coversAreServedWithValidators() async throws {
    let path = "/i/u/64s/\(firstArtist.albums[0].coverID).png"
    try await withDemoServer { server in
      let response = try await server.get(path)
      #expect(response.status == 200)
      #expect(response.headers["content-type"] == "image/png")
      #expect(response.headers["last-modified"] == "Mon, 01 Jan 2024 00:00:00 GMT")
      #expect(response.headers["cache-control"] == "public, max-age=86400")
      #expect(PNGHeader.dimensions(response.body)?.width == 64)
      let etag = try #require(response.headers["etag"])
      #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))

      let revalidated = try await server.get(path, headers: ["If-None-Match": etag])
      #expect(revalidated.status == 304)
      #expect(revalidated.body.isEmpty)
      #expect(revalidated.headers["etag"] == etag)

      let sinceModified = try await server.get(path, headers: ["If-Modified-Since": "Tue, 02 Jan 2024 00:00:00 GMT"])
      #expect(sinceModified.status == 304)
      let olderCopy = try await server.get(path, headers: ["If-Modified-Since": "Sun, 31 Dec 2023 00:00:00 GMT"])
      #expect(olderCopy.status == 200)
      let otherTag = try await server.get(path, headers: ["If-None-Match": "\"something-else\""])
      #expect(otherTag.status == 200 && otherTag.body == response.body)
    }
  }

  @Test func unknownPathsAndCoversAre404() async throws {
    try await withDemoServer { server in
      let unknownCover = try await server.get("/i/u/64s/ffffffffffffffffffffffffffffffff.png")
      let unknownSize = try await server.get("/i/u/99s/\(firstArtist.albums[0].coverID).png")
      let elsewhere = try await server.get("/elsewhere")
      let statuses: [Int] = [unknownCover.status, unknownSize.status, elsewhere.status]
      #expect(statuses == [404, 404, 404])
    }
  }

  @Test func wideCharacterNamesRoundTripThroughTheAPI() async throws {
    let cjkArtist = try #require(
      sharedCatalog.artists.first { $0.name.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } })
    try await withDemoServer { server in
      let json = try await server.api("method=artist.getinfo&artist=\(LastFMURL.encode(cjkArtist.name))")
      #expect((json["artist"] as? [String: Any])?["name"] as? String == cjkArtist.name)
    }
  }

  @Test func shutdownStopsListening() async throws {
    let server = try await DemoServer.start(catalog: sharedCatalog)
    let port = server.port
    #expect(try await LoopbackHTTP.get(port: port, "/2.0/?method=chart.gettopartists&limit=1").status == 200)
    await server.shutdown()
    await #expect(throws: LoopbackHTTP.Failure.self) {
      _ = try await LoopbackHTTP.get(port: port, "/2.0/?method=chart.gettopartists&limit=1")
    }
  }

  private static func names(_ container: Any?, list: String) throws -> [String] {
    let entries = try #require((container as? [String: Any])?[list] as? [[String: Any]])
    return entries.compactMap { $0["name"] as? String }
  }
}
